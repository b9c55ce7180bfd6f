import { type AdminPopup, messages, POPUP_DEFAULT_SECONDS, popupCreateInput } from '@app/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Label,
  Switch,
  Textarea,
  trpc,
} from '@app/ui';
import { type FormEvent, useId, useState } from 'react';
import { fromLocalInput, toLocalInput } from '../lib/dates';
import { toastFailure, toastSuccess } from '../lib/feedback';

const m = messages.admin.screens;

interface Values {
  title: string;
  description: string;
  content: string;
  url: string;
  duration: string;
  isActive: boolean;
  startDate: string;
  endDate: string;
}

type Errors = Partial<Record<keyof Values, string>>;

/** The form's starting values: the popup's own, or the defaults of docs/product-rules.md#validation. */
function initialValues(popup: AdminPopup | undefined): Values {
  return {
    title: popup?.title ?? '',
    description: popup?.description ?? '',
    content: popup?.content ?? '',
    url: popup?.url ?? '',
    duration: String(popup?.duration ?? POPUP_DEFAULT_SECONDS),
    isActive: popup?.isActive ?? true,
    startDate: toLocalInput(popup ? new Date(popup.startDate) : new Date()),
    endDate: popup?.endDate ? toLocalInput(new Date(popup.endDate)) : '',
  };
}

interface PopupFormProps {
  /** The popup to edit; none to create one. */
  popup?: AdminPopup;
  onClose: () => void;
}

/** Create or edit a popup in a dialog; the rules and texts are the shared popup schema's. */
export function PopupForm({ popup, onClose }: PopupFormProps) {
  const id = useId();
  const utils = trpc.useUtils();
  const [values, setValues] = useState(() => initialValues(popup));
  const [errors, setErrors] = useState<Errors>({});
  const create = trpc.admin.popups.create.useMutation();
  const update = trpc.admin.popups.update.useMutation();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const payload = {
      title: values.title,
      description: values.description,
      content: values.content,
      url: values.url || null,
      duration: values.duration,
      isActive: values.isActive,
      startDate: fromLocalInput(values.startDate) ?? undefined,
      endDate: fromLocalInput(values.endDate),
    };
    const checked = popupCreateInput.safeParse(payload);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] as keyof Values;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (popup) await update.mutateAsync({ id: popup.id, ...payload });
      else await create.mutateAsync(payload);
    } catch (error) {
      toastFailure(error, m.popupSaveFailed);
      return;
    }
    await utils.admin.popups.list.invalidate();
    toastSuccess(popup ? m.popupUpdated : m.popupCreated);
    onClose();
  }

  const saving = create.isPending || update.isPending;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <DialogHeader className="sm:col-span-2">
            <DialogTitle>{popup ? 'Edit Popup' : 'Create Popup'}</DialogTitle>
            <DialogDescription>Members see an active popup once a session, between its start and end.</DialogDescription>
          </DialogHeader>
          <Field id={`${id}-title`} label="Title" error={errors.title} className="sm:col-span-2">
            <Input value={values.title} onChange={(event) => set('title', event.target.value)} />
          </Field>
          <Field id={`${id}-description`} label="Description (optional)" error={errors.description} className="sm:col-span-2">
            <Input value={values.description} onChange={(event) => set('description', event.target.value)} />
          </Field>
          <Field id={`${id}-content`} label="Content (HTML)" error={errors.content} className="sm:col-span-2">
            <Textarea rows={5} value={values.content} onChange={(event) => set('content', event.target.value)} />
          </Field>
          <Field id={`${id}-url`} label="Link URL (optional)" error={errors.url}>
            <Input type="url" value={values.url} onChange={(event) => set('url', event.target.value)} placeholder="https://" />
          </Field>
          <Field id={`${id}-duration`} label="Duration (seconds)" error={errors.duration} hint="From 5 to 300 seconds.">
            <Input
              type="number"
              inputMode="numeric"
              step="1"
              value={values.duration}
              onChange={(event) => set('duration', event.target.value)}
            />
          </Field>
          <Field id={`${id}-start`} label="Start" error={errors.startDate}>
            <Input type="datetime-local" value={values.startDate} onChange={(event) => set('startDate', event.target.value)} />
          </Field>
          <Field id={`${id}-end`} label="End (optional)" error={errors.endDate} hint="Blank: no end.">
            <Input type="datetime-local" value={values.endDate} onChange={(event) => set('endDate', event.target.value)} />
          </Field>
          <div className="flex items-center gap-3 sm:col-span-2">
            <Switch id={`${id}-active`} checked={values.isActive} onCheckedChange={(checked) => set('isActive', checked)} />
            <Label htmlFor={`${id}-active`}>Active</Label>
          </div>
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Popup'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
