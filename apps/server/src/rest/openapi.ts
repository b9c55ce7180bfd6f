import type { AppRouter } from '@app/api';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { escapeHtml, serverPageHead } from '../web/server-page';
import { REST_PREFIX } from './adapter';
import { UPLOAD_PHOTO_PATH } from './upload';

export type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;

export function buildOpenApiDocument(router: AppRouter, baseUrl: string): OpenApiDocument {
  const doc = generateOpenApiDocument(router, {
    title: 'PesoTasks API',
    version: '1.0.0',
    description:
      'Every /api path of the product. Money is a string with two decimals. Errors are {message, code}, with the ' +
      'facts of a refusal beside them, and each code always comes with the same status; besides the names of the ' +
      'statuses (BAD_REQUEST, CONFLICT, ...), POST /payouts answers 400 INSUFFICIENT_BALANCE for more than the available balance. ' +
      'Signed-in calls use the session cookie; state changes must come from an allowed Origin.',
    baseUrl: `${baseUrl}${REST_PREFIX}`,
    securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } },
  });
  // The one multipart path is a plain route (tRPC carries no files); document it beside the others.
  doc.paths = {
    ...doc.paths,
    [UPLOAD_PHOTO_PATH.replace(REST_PREFIX, '')]: {
      post: {
        summary: 'Upload a profile photo (PNG, JPEG, WebP or GIF, at most 5 MB)',
        tags: ['profile'],
        security: [{ session: [] }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { profilePhoto: { type: 'string', format: 'binary' } }, required: ['profilePhoto'] },
            },
          },
        },
        responses: {
          '200': {
            description: 'The new photo address',
            content: { 'application/json': { schema: { type: 'object', properties: { profileImageUrl: { type: 'string' } } } } },
          },
          '400': { description: 'Invalid file type or no file' },
          '413': { description: 'File too large' },
        },
      },
    },
  };
  return doc;
}

/**
 * A readable page of the document, rendered on the server: no script, nothing fetched from elsewhere;
 * its inline style carries the response's Content-Security-Policy nonce.
 */
export function renderDocsPage(doc: OpenApiDocument, styleNonce: string): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, { summary?: string; tags?: string[]; security?: unknown[] }>)) {
      const auth = operation.security?.length ? 'signed in' : 'public';
      rows.push(
        `<tr><td><code class="m ${method}">${method.toUpperCase()}</code></td><td><code>/api${escapeHtml(path)}</code></td>` +
          `<td>${escapeHtml(operation.summary ?? '')}</td><td>${escapeHtml((operation.tags ?? []).join(', '))}</td><td>${auth}</td></tr>`,
      );
    }
  }
  return `${serverPageHead(`${doc.info.title} reference`)}
<style nonce="${styleNonce}">body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e5e7eb;padding:.4rem .6rem;text-align:left;vertical-align:top}
code{font:13px ui-monospace,monospace}.m{font-weight:700}.get{color:#047857}.post{color:#1d4ed8}.put{color:#b45309}.delete{color:#b91c1c}</style></head>
<body><h1>${escapeHtml(doc.info.title)} reference</h1><p>${escapeHtml(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>
<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Area</th><th>Who</th></tr></thead><tbody>${rows.join('')}</tbody></table></body></html>`;
}
