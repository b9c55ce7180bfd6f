import { type Passkey, passkeyNameForm, staffMessages } from '@app/contracts';
import {
  Alert,
  AlertDescription,
  Button,
  DateAndTime,
  Dialog,
  DialogActions,
  DialogContent,
  DialogHeading,
  Field,
  Input,
  ListTable,
  LoadError,
  Skeleton,
  TableCell,
  TableRow,
  toast,
  useZodForm,
} from '@app/ui';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { makePasskey, type PasskeyOwner, passkeyProcedures } from './passkey-ceremony';
import { errorMessage } from './server-answer';

const m = staffMessages.passkeys;

const failed = (error: unknown, fallback: string) =>
  toast({ variant: 'destructive', title: fallback, description: errorMessage(error, fallback) });

/**
 * The owner's own passkeys (docs/screens.md#admin-screens): listed with when each was added and
 * last used, one added by name through the browser's passkey prompt, one removed after a confirmation
 * (the server asks for a fresh step-up first, which the app's step-up prompt answers).
 */
export function PasskeysPanel({ owner }: { owner: PasskeyOwner }) {
  const procedures = passkeyProcedures(owner);
  const list = procedures.list.useQuery();
  const [removing, setRemoving] = useState<Passkey | null>(null);

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{m.intro}</p>
      {list.data?.required && list.data.passkeys.length === 0 && (
        <Alert variant="destructive">
          <AlertDescription>{m.requiredNotice}</AlertDescription>
        </Alert>
      )}
      <AddPasskeyForm owner={owner} />
      {list.isPending && <Skeleton className="h-24 w-full" />}
      {list.isError && <LoadError message={errorMessage(list.error, m.loadFailed)} onRetry={() => void list.refetch()} />}
      {list.data && (
        <ListTable
          label={m.title}
          columns={[m.nameLabel, m.created, m.lastUsed, { label: 'Actions', hidden: true }]}
          empty={m.empty}
          rows={list.data.passkeys.map((passkey) => (
            <TableRow key={passkey.id}>
              <TableCell className="font-medium">{passkey.name}</TableCell>
              <TableCell>
                <DateAndTime iso={passkey.createdAt} timeBelow="phone" />
              </TableCell>
              <TableCell>{passkey.lastUsedAt ? <DateAndTime iso={passkey.lastUsedAt} timeBelow="phone" /> : m.neverUsed}</TableCell>
              <TableCell className="text-right">
                <Button variant="outline" size="sm" onClick={() => setRemoving(passkey)} aria-label={`${m.remove} ${passkey.name}`}>
                  <Trash2 aria-hidden="true" />
                  {m.remove}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        />
      )}
      {removing && <RemovePasskeyDialog owner={owner} passkey={removing} onClose={() => setRemoving(null)} />}
    </div>
  );
}

function AddPasskeyForm({ owner }: { owner: PasskeyOwner }) {
  const procedures = passkeyProcedures(owner);
  const options = procedures.registrationOptions.useMutation();
  const register = procedures.register.useMutation();
  const list = procedures.list.useQuery();
  const form = useZodForm(passkeyNameForm, { defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const response = await makePasskey(await options.mutateAsync());
      await register.mutateAsync({ name, response });
    } catch (error) {
      failed(error, m.addFailed);
      return;
    }
    form.reset({ name: '' });
    await list.refetch();
    toast({ title: m.added, description: name });
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <Field id={`${owner}-passkey-name`} label={m.nameLabel} error={errors.name?.message} className="min-w-56 flex-1">
        <Input autoComplete="off" placeholder={m.namePlaceholder} {...form.register('name')} />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        <KeyRound aria-hidden="true" />
        {m.add}
      </Button>
    </form>
  );
}

function RemovePasskeyDialog({ owner, passkey, onClose }: { owner: PasskeyOwner; passkey: Passkey; onClose: () => void }) {
  const procedures = passkeyProcedures(owner);
  const remove = procedures.remove.useMutation();
  const list = procedures.list.useQuery();

  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: passkey.id });
    } catch (error) {
      failed(error, m.removeTitle);
      return;
    }
    await list.refetch();
    toast({ title: m.removed, description: passkey.name });
    onClose();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeading title={m.removeTitle} description={m.removeBody(passkey.name)} />
        <DialogActions onCancel={onClose}>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => void confirm()}>
            {m.remove}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
