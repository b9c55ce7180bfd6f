import { staffMessages } from '@app/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogHeading } from '@app/ui';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { answerWithPasskey, type PasskeyOwner, passkeyProcedures } from './passkey-ceremony';
import { errorMessage } from './server-answer';

const m = staffMessages.passkeys;

/**
 * The passkey prompt a money decision refused with STEP_UP_REQUIRED opens (createStepUp): the passkey
 * answers, the session is stepped up and the decision goes again; closed, the decision was not made.
 * A passkey that failed (the browser's own prompt cancelled) says so and may be tried again.
 */
export default function PasskeyPrompt({ owner, onSettle }: { owner: PasskeyOwner; onSettle: (steppedUp: boolean) => void }) {
  const procedures = passkeyProcedures(owner);
  const options = procedures.stepUpOptions.useMutation();
  const stepUp = procedures.stepUp.useMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const response = await answerWithPasskey(await options.mutateAsync());
      await stepUp.mutateAsync({ response });
      onSettle(true);
    } catch (error) {
      setFailure(errorMessage(error, m.verificationFailed));
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onSettle(false)}>
      <DialogContent>
        <DialogHeading title={m.promptTitle} description={m.promptBody} />
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
        <DialogActions onCancel={() => onSettle(false)}>
          <Button onClick={() => void confirm()} disabled={busy}>
            <KeyRound aria-hidden="true" />
            {m.promptConfirm}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
