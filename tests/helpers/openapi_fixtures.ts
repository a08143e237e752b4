/**
 * OpenAPI documents of the three supported versions, small but complete enough to render: each
 * has `GET /pets` (a query parameter, a list response) and `POST /pets` (a request body).
 */

export const PETSTORE_31 = {
  openapi: '3.1.0',
  info: { title: 'Petstore', version: '1.0.0' },
  paths: {
    '/pets': {
      get: {
        summary: 'List pets',
        description: 'Every pet of the store, <b>bold</b> & more.',
        parameters: [
          {
            name: 'limit',
            in: 'query',
            required: false,
            description: 'How many pets',
            schema: { type: 'integer', format: 'int32' },
          },
        ],
        responses: {
          '200': {
            description: 'The pets',
            content: {
              'application/json': {
                schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
              },
            },
          },
        },
      },
      post: {
        summary: 'Create a pet',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Pet' },
              example: { id: 7, name: 'Rex' },
            },
          },
        },
        responses: { '201': { description: 'Created' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', description: 'Identifier of the pet' },
          name: { type: 'string' },
          friend: { $ref: '#/components/schemas/Pet' },
        },
      },
    },
  },
}

export const PETSTORE_30_YAML = `openapi: 3.0.3
info:
  title: Petstore
  version: 1.0.0
paths:
  /pets:
    get:
      summary: List pets
      responses:
        '200':
          description: The pets
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/Pet'
    post:
      summary: Create a pet
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Pet'
      responses:
        '201':
          description: Created
components:
  schemas:
    Pet:
      type: object
      properties:
        id:
          type: integer
        name:
          type: string
`

export const PETSTORE_SWAGGER_20 = {
  swagger: '2.0',
  info: { title: 'Petstore', version: '1.0.0' },
  consumes: ['application/json'],
  produces: ['application/json'],
  paths: {
    '/pets': {
      get: {
        summary: 'List pets',
        parameters: [{ name: 'limit', in: 'query', type: 'integer' }],
        responses: {
          '200': {
            description: 'The pets',
            schema: { type: 'array', items: { $ref: '#/definitions/Pet' } },
          },
        },
      },
      post: {
        summary: 'Create a pet',
        parameters: [{ name: 'pet', in: 'body', schema: { $ref: '#/definitions/Pet' } }],
        responses: { '201': { description: 'Created' } },
      },
    },
  },
  definitions: {
    Pet: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
  },
}

/** 3.0 YAML with a wrong `responses` (a number) on line 7. */
export const INVALID_YAML = `openapi: 3.0.0
info:
  title: Broken
  version: '1'
paths:
  /a:
    get:
      responses: 5
`

/** Nine levels of nine aliases: 9^7 strings once expanded. */
export const YAML_BOMB = [
  'openapi: 3.0.0',
  'a: &a ["x","x","x","x","x","x","x","x","x"]',
  ...'bcdefg'
    .split('')
    .map((name, i) => `${name}: &${name} [${Array(9).fill(`*${'abcdefg'[i]}`).join(',')}]`),
].join('\n')

export function text(document: object) {
  return JSON.stringify(document, null, 2)
}
