import type { EditLog } from './edit-rows.ts';
import { VerifyHeader, type VerifyHeaderProps } from './verify-header.tsx';
import { VerifyLayers } from './verify-layers.tsx';
import { VerifySamples, VerifySpt, VerifyWater } from './verify-tests.tsx';

export { inputId, shownMetres } from './verify-fields.tsx';

export interface VerifyFormProps extends VerifyHeaderProps {
  edit: EditLog;
}

/**
 * The values read, as tables to correct, in the order the screen shows them: the header's fields
 * (verify-header), the layers (verify-layers), the SPT tests, samples and water (verify-tests).
 * Rows are added and deleted with buttons; each value is a plain input, in the order the keyboard
 * goes through them.
 */
export function VerifyForm({ edit, onEdit, onFocusField, current, readOnly }: VerifyFormProps) {
  const rows = { edit, onEdit, onFocusField };
  return (
    <div className="verify__form">
      <VerifyHeader {...rows} current={current} readOnly={readOnly} />
      <VerifyLayers {...rows} />
      <VerifySpt {...rows} />
      <VerifySamples {...rows} />
      <VerifyWater {...rows} />
    </div>
  );
}
