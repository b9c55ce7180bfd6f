import { escapeHtml, serverPageHead } from '../web/server-page';

/**
 * The development sign-in form (docs/architecture.md#identity-and-access). Any e-mail signs in as that person, creating the
 * account; admin@example.com is the demo admin and member@example.com the demo member. Its inline style
 * and script carry this response's Content-Security-Policy nonces. `returnTo` is where the form goes
 * after signing in, already checked by the server (safeReturnPath): the page never reads its own address.
 */
export function renderDevLoginPage(nonce: { script: string; style: string }, returnTo: string): string {
  return `${serverPageHead('Sign in (development)')}
<style nonce="${nonce.style}">
  body{font:16px/1.5 system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem;box-sizing:border-box}
  form{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:1.5rem;width:100%;max-width:22rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}
  h1{font-size:1.25rem;margin:0 0 .25rem}p{margin:0 0 1rem;color:#475569;font-size:.875rem}
  label{display:block;font-size:.875rem;font-weight:600;margin:.75rem 0 .25rem}
  input{width:100%;box-sizing:border-box;padding:.55rem .7rem;border:1px solid #cbd5e1;border-radius:8px;font:inherit}
  button{margin-top:1.25rem;width:100%;padding:.65rem;border:0;border-radius:8px;background:#059669;color:#fff;font:inherit;font-weight:600;cursor:pointer}
  [role=alert]{color:#b91c1c;font-size:.875rem;min-height:1.25rem;margin-top:.75rem}
</style></head>
<body>
<form id="dev-login" novalidate data-return-to="${escapeHtml(returnTo)}">
  <h1>Sign in</h1>
  <p>Development sign-in: no identity provider is configured. Try member@example.com or admin@example.com.</p>
  <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="member@example.com">
  <label for="firstName">First name</label><input id="firstName" name="firstName" autocomplete="given-name">
  <label for="lastName">Last name</label><input id="lastName" name="lastName" autocomplete="family-name">
  <button type="submit">Sign in</button>
  <div role="alert" id="error"></div>
</form>
<script nonce="${nonce.script}">
document.getElementById('dev-login').addEventListener('submit', async (event) => {
  event.preventDefault();
  const returnTo = event.currentTarget.dataset.returnTo || '/';
  const form = new FormData(event.currentTarget);
  const body = { email: String(form.get('email') || '') };
  for (const key of ['firstName', 'lastName']) { const v = String(form.get(key) || '').trim(); if (v) body[key] = v; }
  const error = document.getElementById('error');
  error.textContent = '';
  try {
    const res = await fetch('/api/dev/login', { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'include', body: JSON.stringify(body) });
    if (!res.ok) { const data = await res.json().catch(() => ({})); error.textContent = data.message || 'Sign-in failed. Please try again.'; return; }
    location.assign(returnTo);
  } catch { error.textContent = 'Sign-in failed. Please try again.'; }
});
</script>
</body></html>`;
}
