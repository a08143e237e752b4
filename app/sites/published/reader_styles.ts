import { createHash } from 'node:crypto'

/**
 * The reader's one stylesheet, inline in every page (no extra request) and allowed by its hash in
 * the Content-Security-Policy. Light and dark palettes: the visitor's choice, else the system's.
 */
export const READER_CSS = `
:root{--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--soft:#f6f8fa;--accent:#346ddb;--code:#f6f8fa;
--info:#787878;--success:#02a46b;--warning:#ed8c13;--danger:#e13131;color-scheme:light}
:root[data-theme=dark]{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--soft:#151b23;--accent:#6d9cf5;--code:#151b23;color-scheme:dark}
@media (prefers-color-scheme:dark){:root[data-theme=system]{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--soft:#151b23;--accent:#6d9cf5;--code:#151b23;color-scheme:dark}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:var(--bg);padding:4px 8px;z-index:2}
header.site{display:flex;flex-wrap:wrap;gap:12px 20px;align-items:center;padding:10px 20px;border-bottom:1px solid var(--line)}
.brand{display:flex;gap:10px;align-items:center;font-weight:600;color:var(--fg);text-decoration:none;font-size:1.1rem}
.brand .icon{display:inline-grid;place-items:center;width:30px;height:30px;border-radius:8px;background:var(--accent);color:#fff;font-size:.95rem}
form.search{margin-left:auto;display:flex;gap:6px}
form.search input{padding:6px 10px;border:1px solid var(--line);border-radius:6px;background:var(--soft);color:var(--fg);min-width:0;width:14rem;max-width:50vw}
form.search button,.themes a{padding:6px 10px;border:1px solid var(--line);border-radius:6px;background:var(--soft);color:var(--fg);text-decoration:none;font-size:.85rem}
.themes{display:flex;gap:4px}.themes a[aria-current]{border-color:var(--accent)}
nav.tabs{width:100%;display:flex;flex-wrap:wrap;gap:4px 16px}
nav.tabs a,nav.tabs summary{color:var(--muted);text-decoration:none;padding:4px 0;cursor:pointer}
nav.tabs a[aria-current]{color:var(--fg);border-bottom:2px solid var(--accent)}
nav.tabs details{position:relative}nav.tabs details ul{position:absolute;z-index:1;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:6px 12px;list-style:none;margin:0;min-width:12rem}
.banner{background:var(--warning);color:#000;padding:6px 20px;font-size:.9rem}
.layout{display:grid;grid-template-columns:17rem minmax(0,1fr) 14rem;gap:32px;max-width:1400px;margin:0 auto;padding:0 20px}
aside.sidebar{padding:20px 0;position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto}
.menu-link{display:none}
.variants{margin:0 0 12px;display:flex;flex-wrap:wrap;gap:6px}.variants a{font-size:.85rem;padding:2px 8px;border:1px solid var(--line);border-radius:12px;text-decoration:none;color:var(--muted)}
.variants a[aria-current]{color:var(--fg);border-color:var(--accent)}
.nav-tree,.nav-tree ul{list-style:none;margin:0;padding:0}.nav-tree ul{padding-left:14px;border-left:1px solid var(--line);margin-left:6px}
.nav-tree a{display:block;padding:3px 8px;border-radius:6px;color:var(--fg);text-decoration:none;font-size:.93rem}
.nav-tree a:hover{background:var(--soft)}.nav-tree a[aria-current]{background:var(--soft);color:var(--accent);font-weight:600}
.nav-tree summary{list-style:none;cursor:pointer;display:flex;align-items:center}.nav-tree summary::-webkit-details-marker{display:none}
.nav-tree summary a{flex:1}.nav-tree summary::after{content:"\\203A";color:var(--muted);padding:0 8px;transition:transform .15s}.nav-tree details[open]>summary::after{transform:rotate(90deg)}
.nav-group-title{display:block;margin:14px 8px 4px;font-size:.75rem;font-weight:700;text-transform:uppercase;color:var(--muted)}
main{padding:24px 0 60px;min-width:0}
.breadcrumbs ol{list-style:none;display:flex;flex-wrap:wrap;gap:6px;padding:0;margin:0 0 8px;color:var(--muted);font-size:.85rem}
.breadcrumbs li+li::before{content:"/";margin-right:6px}
h1.page-title{margin:.2em 0;font-size:2rem;line-height:1.25}.description{color:var(--muted);font-size:1.1rem;margin-top:0}
.content h1,.content h2,.content h3,.content h4{line-height:1.3;margin:1.6em 0 .5em}
.content .anchor{opacity:0;margin-left:6px;text-decoration:none}.content :hover>.anchor,.content .anchor:focus{opacity:1}
.content img{max-width:100%;height:auto}
.content table{border-collapse:collapse;display:block;overflow-x:auto}.content th,.content td{border:1px solid var(--line);padding:6px 12px}
.content pre{background:var(--code);padding:14px;border-radius:8px;overflow-x:auto;font-size:.88rem;line-height:1.5}
.content code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.content :not(pre)>code{background:var(--code);padding:.1em .35em;border-radius:4px}
.content blockquote{margin:0;padding:0 1em;border-left:4px solid var(--line);color:var(--muted)}
.hint{border-left:4px solid var(--info);background:var(--soft);padding:8px 16px;border-radius:6px;margin:1em 0}
.hint-success{border-color:var(--success)}.hint-warning{border-color:var(--warning)}.hint-danger{border-color:var(--danger)}
.openapi-operation,.openapi-missing{border:1px solid var(--line);border-radius:8px;padding:8px 16px;margin:1em 0}.openapi-heading{font-size:1.05rem;margin:.4em 0}
.openapi-method{font-weight:700;margin-right:4px}.openapi-method-get{color:var(--success)}.openapi-method-post{color:#1f6feb}.openapi-method-delete{color:var(--danger)}
.openapi-method-put,.openapi-method-patch{color:var(--warning)}.openapi-type,.openapi-deprecated,.openapi-recursive{color:var(--muted);font-size:.85em}.openapi-required{color:var(--danger);font-size:.85em}
.openapi-status{font-weight:700;font-family:ui-monospace,monospace}.openapi-response{border-top:1px solid var(--line);padding-top:4px}
.hljs-keyword,.hljs-selector-tag,.hljs-built_in{color:#cf222e}.hljs-string,.hljs-attr{color:#0a3069}.hljs-comment{color:#6e7781;font-style:italic}
.hljs-number,.hljs-literal{color:#0550ae}.hljs-title,.hljs-function{color:#8250df}
:root[data-theme=dark] .hljs-keyword,:root[data-theme=dark] .hljs-built_in{color:#ff7b72}:root[data-theme=dark] .hljs-string,:root[data-theme=dark] .hljs-attr{color:#a5d6ff}
:root[data-theme=dark] .hljs-number,:root[data-theme=dark] .hljs-literal{color:#79c0ff}:root[data-theme=dark] .hljs-title{color:#d2a8ff}
nav.pagination{display:flex;justify-content:space-between;gap:12px;margin-top:48px}
nav.pagination a{flex:1;border:1px solid var(--line);border-radius:8px;padding:10px 14px;text-decoration:none;color:var(--fg)}
nav.pagination a.next{text-align:right}nav.pagination small{display:block;color:var(--muted)}
aside.toc{padding:24px 0;position:sticky;top:0;align-self:start;font-size:.88rem}
aside.toc h2{font-size:.8rem;text-transform:uppercase;color:var(--muted)}aside.toc ul{list-style:none;padding:0;margin:0}
aside.toc a{display:block;padding:2px 0;color:var(--muted);text-decoration:none}aside.toc .depth-3{padding-left:12px}
.results{list-style:none;padding:0}.results li{padding:12px 0;border-bottom:1px solid var(--line)}.results p{margin:4px 0;color:var(--muted)}
footer.site{border-top:1px solid var(--line);padding:16px 20px;color:var(--muted);font-size:.85rem;display:flex;gap:16px;flex-wrap:wrap}
@media (max-width:1100px){.layout{grid-template-columns:15rem minmax(0,1fr)}aside.toc{display:none}}
@media (max-width:720px){.layout{display:flex;flex-direction:column;padding:0 14px}aside.sidebar{order:2;position:static;max-height:none;padding:16px 0;border-top:1px solid var(--line)}
.menu-link{display:inline}
form.search{margin-left:0;width:100%}form.search input{flex:1;width:auto;max-width:none}h1.page-title{font-size:1.6rem}}
`

export const READER_CSS_HASH = `sha256-${createHash('sha256').update(READER_CSS).digest('base64')}`
