import { NotFound } from '@app/ui';

/** The 404 screen of this app, with the way back to the dashboard. */
export function UnknownPath() {
  return (
    <div className="px-4">
      <NotFound homeHref="/admin/percentage" homeLabel="Go to Commission Dashboard" />
    </div>
  );
}
