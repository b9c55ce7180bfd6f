import { type AdminPopup, messages, POPUP_DEFAULT_SECONDS, type Popup, type PopupCreateInput, type PopupUpdateInput } from '@app/contracts';
import type { Db, PopupsTable } from '@app/db';
import type { Selectable } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import { type AdminActor, logAdminAction } from '../admin-log/service';
import { badRequest, notFound } from '../lib/errors';
import { newestFirst, type PagedList } from '../lib/paging';

/** Popups switched on whose window holds `now` (no end date: no end), newest first. */
export async function listActivePopups(db: Db, now: Date): Promise<Popup[]> {
  return db
    .selectFrom('popups')
    .select(['id', 'title', 'description', 'content', 'url', 'duration'])
    .where('isActive', '=', true)
    .where('startDate', '<=', now)
    .where((eb) => eb.or([eb('endDate', 'is', null), eb('endDate', '>', now)]))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Whitelists, not blacklists: a link must start with http(s):// or mailto:, an image with http(s)://,
 * after the parser has decoded entities, so encoded or padded `javascript:` never matches.
 */
const LINK_ADDRESS = /^(https?:\/\/|mailto:)/i;
const IMAGE_ADDRESS = /^https?:\/\//i;

function keepAddress(attribs: sanitizeHtml.Attributes, name: string, allowed: RegExp): sanitizeHtml.Attributes {
  const address = attribs[name];
  if (address === undefined || allowed.test(address)) return attribs;
  return Object.fromEntries(Object.entries(attribs).filter(([key]) => key !== name));
}

/** The tags docs/product-rules.md#decided-rules lets popup HTML keep. */
export const POPUP_TAGS: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'span',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'a',
  'img',
];

/**
 * What popup HTML may hold (docs/product-rules.md#decided-rules): basic formatting, lists, links and images. No script,
 * no style, no event handlers, no frames or SVG; every link opens in a new tab without access to this
 * window (rel=noopener noreferrer).
 */
const POPUP_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...POPUP_TAGS],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...keepAddress(attribs, 'href', LINK_ADDRESS), target: '_blank', rel: 'noopener noreferrer' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: keepAddress(attribs, 'src', IMAGE_ADDRESS) }),
  },
};

export function sanitizePopupHtml(html: string): string {
  return sanitizeHtml(html, POPUP_HTML).trim();
}

/** Sanitized content, held to the form's rule again: what is left after sanitizing must still say something. */
function safeContent(html: string): string {
  const content = sanitizePopupHtml(html);
  if (content.length < 5) throw badRequest(messages.popups.contentShort);
  return content;
}

function refuseInvertedWindow(startDate: Date, endDate: Date | null): void {
  if (endDate && endDate <= startDate) throw badRequest(messages.popups.endBeforeStart);
}

function toAdminPopup(row: Selectable<PopupsTable>): AdminPopup {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    content: row.content,
    url: row.url,
    duration: row.duration,
    isActive: row.isActive,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate ? row.endDate.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every popup, on or off, past or future, newest first, a page at a time (the admins' popup list). */
export function listAllPopups(db: Db): PagedList<AdminPopup, { total: number }> {
  return newestFirst(db, 'popups', toAdminPopup);
}

/** A new popup with the form's defaults (docs/product-rules.md#validation): 30 seconds, active, starting now. */
export async function createPopup(db: Db, input: PopupCreateInput, actor: AdminActor, now: Date): Promise<AdminPopup> {
  const startDate = input.startDate ?? now;
  const endDate = input.endDate ?? null;
  refuseInvertedWindow(startDate, endDate);
  const content = safeContent(input.content);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('popups')
      .values({
        title: input.title,
        description: input.description ?? '',
        content,
        url: input.url ?? null,
        duration: input.duration ?? POPUP_DEFAULT_SECONDS,
        isActive: input.isActive ?? true,
        startDate,
        endDate,
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await logAdminAction(trx, actor, { action: 'create_popup', targetId: row.id, details: { title: row.title } });
    return toAdminPopup(row);
  });
}

/** Changes the fields given; the others keep their saved values. */
export async function updatePopup(db: Db, input: PopupUpdateInput, actor: AdminActor, now: Date): Promise<AdminPopup> {
  const { id, content, ...changes } = input;
  const safe = content === undefined ? {} : { content: safeContent(content) };
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('popups').select(['startDate', 'endDate']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound(messages.popups.notFound);
    refuseInvertedWindow(changes.startDate ?? before.startDate, changes.endDate === undefined ? before.endDate : changes.endDate);
    const row = await trx
      .updateTable('popups')
      .set({ ...changes, ...safe, updatedAt: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const changed = Object.entries({ ...changes, ...safe })
      .filter(([, value]) => value !== undefined)
      .map(([field]) => field);
    await logAdminAction(trx, actor, { action: 'update_popup', targetId: id, details: { title: row.title, changed } });
    return toAdminPopup(row);
  });
}

export async function deletePopup(db: Db, popupId: string, actor: AdminActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('popups').where('id', '=', popupId).returning('title').executeTakeFirst();
    if (!deleted) throw notFound(messages.popups.notFound);
    await logAdminAction(trx, actor, { action: 'delete_popup', targetId: popupId, details: { title: deleted.title } });
  });
}
