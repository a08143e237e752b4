import { test } from '@japa/runner'
import { fieldLabel, humanProblem, humanProblems } from '#console/http/human_messages'

test.group('Console wording of refused fields', () => {
  test('field paths read as labels', ({ assert }) => {
    assert.equal(fieldLabel('title'), 'Title')
    assert.equal(fieldLabel('defaultRole'), 'Default role')
    assert.equal(fieldLabel('emails.2'), 'E-mail addresses')
    assert.equal(fieldLabel('configuration.api_key'), 'Api key')
    assert.equal(fieldLabel(''), 'This field')
  })

  test('rules read as sentences', ({ assert }) => {
    const cases: [Parameters<typeof humanProblem>[0], string][] = [
      [{ field: 'title', rule: 'required', message: '' }, 'Title is required.'],
      [
        { field: 'title', rule: 'minLength', message: '', meta: { min: 1 } },
        "Title can't be empty.",
      ],
      [
        { field: 'password', rule: 'minLength', message: '', meta: { min: 8 } },
        'Password must be at least 8 characters long.',
      ],
      [
        { field: 'title', rule: 'maxLength', message: '', meta: { max: 50 } },
        'Title must be at most 50 characters long.',
      ],
      [
        { field: 'email', rule: 'email', message: '' },
        'E-mail address must be an e-mail address, like name@example.com.',
      ],
      [
        { field: 'role', rule: 'enum', message: '', meta: { choices: ['admin', 'read'] } },
        'Role must be one of: admin, read.',
      ],
      [
        {
          field: 'configuration.sampling',
          rule: 'type',
          message: 'The configuration.sampling field must be number',
        },
        'Sampling must be number.',
      ],
    ]
    cases.push(
      [
        { field: 'ssoURL', rule: 'url', message: 'The sign-in URL field must be a valid URL' },
        'Sign-in URL must be a web address starting with http:// or https://.',
      ],
      [
        { field: 'editMode', rule: 'enum', message: 'The selected editMode is invalid' },
        'Edit mode is not one of the choices.',
      ],
      [
        { field: 'query', rule: 'maxLength', message: 'The search is too long: use at most 512.' },
        'The search is too long: use at most 512.',
      ]
    )
    for (const [problem, sentence] of cases) assert.equal(humanProblem(problem), sentence)
    assert.notInclude(
      humanProblems([{ field: 'title', rule: 'minLength', message: 'x', meta: { min: 2 } }]),
      'minLength'
    )
    assert.equal(humanProblems([]), 'Please check the form and try again.')
  })
})
