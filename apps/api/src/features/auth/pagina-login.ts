const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapar = (texto: string) => texto.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The frame both pages share: the product's header, then `corpo` in <main>, then `rodape` (ends in a newline). */
function paginaHtml(instituicao: string, titulo: string, estilos: string, corpo: string, rodape = ''): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${titulo} — Trâmite</title>
<style>
${estilos}</style>
</head>
<body>
<header><strong>Trâmite</strong><p>${escapar(instituicao)} — Protocolo eletrônico</p></header>
<main>
${corpo}
</main>
${rodape}</body>
</html>`;
}

export interface DadosPaginaLogin {
  instituicao: string;
  redirect: string;
  username?: string;
  erro?: string;
}

/** The product's own login page: plain HTML with no script, so it works under the strictest CSP. */
export function paginaLogin({ instituicao, redirect, username = '', erro }: DadosPaginaLogin): string {
  const alerta = erro ? `<p class="erro" role="alert" id="erro-login">${escapar(erro)}</p>` : '';
  const descricaoErro = erro ? ' aria-describedby="erro-login" aria-invalid="true"' : '';
  return paginaHtml(
    instituicao,
    'Entrar',
    `  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;background:#eef2f7;color:#1c2733}
  header{background:#0d3b66;color:#fff;padding:1rem 1.5rem}
  header p{margin:0;font-size:.95rem;opacity:.9}
  main{display:flex;justify-content:center;padding:3rem 1rem}
  .cartao{background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12);padding:2rem;width:100%;max-width:24rem}
  h1{font-size:1.5rem;margin:0 0 1.5rem}
  label{display:block;font-weight:600;margin:1rem 0 .35rem}
  input{width:100%;padding:.65rem .75rem;font-size:1rem;border:1px solid #6b7785;border-radius:4px}
  input:focus{outline:3px solid #f4a261;outline-offset:1px;border-color:#0d3b66}
  button{margin-top:1.5rem;width:100%;padding:.75rem;font-size:1rem;font-weight:600;color:#fff;background:#0d3b66;border:0;border-radius:4px;cursor:pointer}
  button:focus{outline:3px solid #f4a261;outline-offset:2px}
  .erro{background:#fdecea;color:#8a1c12;border:1px solid #e5a29a;border-radius:4px;padding:.75rem;margin:0 0 1rem}
  footer{text-align:center;font-size:.85rem;color:#3d4a57;padding:1rem}
  a{color:#0d3b66}
`,
    `<div class="cartao">
<h1>Entrar no Trâmite</h1>
${alerta}
<form method="post" action="/api/auth/login" novalidate>
<input type="hidden" name="redirect" value="${escapar(redirect)}">
<label for="username">Usuário</label>
<input id="username" name="username" type="text" autocomplete="username" required autofocus value="${escapar(username)}"${descricaoErro}>
<label for="password">Senha</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${descricaoErro}>
<button type="submit">Entrar</button>
</form>
</div>`,
    '<footer><a href="/home">Voltar à página inicial</a> · <a href="/ajuda">Ajuda</a></footer>\n',
  );
}

/** A plain page (no script) that explains why the login did not happen. */
export function paginaAvisoLogin(instituicao: string, mensagem: string, linkLocal = false): string {
  const outro = linkLocal ? ' · <a href="/api/auth/login?local=1">Entrar com usuário e senha</a>' : '';
  return paginaHtml(
    instituicao,
    'Acesso não concluído',
    `  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef2f7;color:#1c2733}
  header{background:#0d3b66;color:#fff;padding:1rem 1.5rem}
  header p{margin:0;font-size:.95rem;opacity:.9}
  main{max-width:36rem;margin:3rem auto;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12);padding:2rem}
  h1{font-size:1.4rem;margin:0 0 1rem}
  .erro{background:#fdecea;color:#8a1c12;border:1px solid #e5a29a;border-radius:4px;padding:.75rem}
  a{color:#0d3b66}
`,
    `<h1>Acesso não concluído</h1>
<p class="erro" role="alert">${escapar(mensagem)}</p>
<p><a href="/api/auth/login">Tentar entrar novamente</a> · <a href="/home">Página inicial</a>${outro}</p>`,
  );
}
