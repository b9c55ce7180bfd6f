import { trpc } from '@app/client';
import { type AdminPopup, POPUP_DEFAULT_SECONDS, popupCreateInput, staffMessages, z } from '@app/contracts';
import { FormDialog, SwitchField, TextField, useZodForm } from '@app/ui';
import { useId } from 'react';
import { fromLocalInput, toLocalInput } from '../../lib/dates';
import { rowSave } from '../../lib/feedback';

const m = staffMessages.admin.screens;

/** The form as typed: text boxes, the switch, and the two dates as datetime-local values. */
const popupFormValues = z.object({
  title: z.string(),
  description: z.string(),
  content: z.string(),
  url: z.string(),
  duration: z.string(),
  isActive: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
});
type Values = z.input<typeof popupFormValues>;

/** What the form sends: a blank link is none, and the dates are instants. */
function toInput(values: Values): z.input<typeof popupCreateInput> {
  return {
    title: values.title,
    description: values.description,
    content: values.content,
    url: values.url || null,
    duration: values.duration,
    isActive: values.isActive,
    startDate: fromLocalInput(values.startDate) ?? undefined,
    endDate: fromLocalInput(values.endDate),
  };
}

/** The popup schema's rules (and texts) applied to what the form would send. */
const popupFormInput = popupFormValues.transform(toInput).pipe(popupCreateInput);

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
  // raw: the handler gets the values as typed and sends them as toInput words them, as the server expects.
  const form = useZodForm(popupFormInput, { defaultValues: initialValues(popup), raw: true });
  const { save, dialog } = rowSave({
    id: popup?.id,
    noun: 'Popup',
    success: popup ? m.popupUpdated : m.popupCreated,
    create: trpc.admin.popups.create.useMutation(),
    update: trpc.admin.popups.update.useMutation(),
    reload: () => utils.admin.popups.list.invalidate(),
    failure: m.popupSaveFailed,
    close: onClose,
  });
  const submit = form.handleSubmit((values) => save(toInput(values)));

  return (
    <FormDialog {...dialog} description="Members see an active popup once a session, between its start and end." onSubmit={submit}>
      <TextField control={form.control} name="title" label="Title" className="sm:col-span-2" />
      <TextField control={form.control} name="description" label="Description (optional)" className="sm:col-span-2" />
      <TextField control={form.control} name="content" label="Content (HTML)" rows={5} className="sm:col-span-2" />
      <TextField control={form.control} name="url" label="Link URL (optional)" type="url" placeholder="https://" />
      <TextField
        control={form.control}
        name="duration"
        label="Duration (seconds)"
        hint="From 5 to 300 seconds."
        type="number"
        inputMode="numeric"
        step="1"
      />
      <TextField control={form.control} name="startDate" label="Start" type="datetime-local" />
      <TextField control={form.control} name="endDate" label="End (optional)" hint="Blank: no end." type="datetime-local" />
      <SwitchField control={form.control} name="isActive" id={`${id}-active`} label="Active" className="sm:col-span-2" />
    </FormDialog>
  );
}
