import { useEffect, useId, useRef, useState } from 'react';
import { InputMask } from 'primereact/inputmask';
import { InputText } from 'primereact/inputtext';
import type { ApiClient } from '../api/client';
import type { CardSlot } from './cardSlot';
import { EMPTY_SANDBOX_CARD, tokenizeSandboxCard, type SandboxCardFields } from './sandboxCard';
import './payments.css';

export interface SandboxCardFormProps {
  api: ApiClient;
  slot: CardSlot;
  disabled?: boolean;
}

/** The sandbox's card form: number, expiry (MM/YY) and CVC, tokenized by the sandbox provider with Stripe's test-card rules. */
export function SandboxCardForm({ api, slot, disabled = false }: SandboxCardFormProps) {
  const [fields, setFields] = useState<SandboxCardFields>(EMPTY_SANDBOX_CARD);
  const latest = useRef(fields);
  latest.current = fields;
  const id = useId();
  useEffect(() => slot.attach((signal) => tokenizeSandboxCard(api, latest.current, signal)), [api, slot]);
  const edit = (field: keyof SandboxCardFields) => (value: string) => setFields((current) => ({ ...current, [field]: value }));

  return (
    <fieldset className="card-fields" disabled={disabled}>
      <legend>Card details</legend>
      <div className="card-fields__row">
        <label className="card-fields__field card-fields__number" htmlFor={`${id}-number`}>
          Card number
          <InputText
            id={`${id}-number`}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            maxLength={23}
            value={fields.number}
            onChange={(event) => edit('number')(event.target.value)}
          />
        </label>
        <label className="card-fields__field" htmlFor={`${id}-expiry`}>
          Expiry (MM/YY)
          <InputMask
            id={`${id}-expiry`}
            mask="99/99"
            slotChar="MM/YY"
            autoClear={false}
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={fields.expiry}
            onChange={(event) => edit('expiry')(event.target.value ?? '')}
          />
        </label>
        <label className="card-fields__field" htmlFor={`${id}-cvc`}>
          CVC
          <InputText
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={fields.cvc}
            onChange={(event) => edit('cvc')(event.target.value)}
          />
        </label>
      </div>
      <p className="card-fields__hint">
        Sandbox: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds.
      </p>
    </fieldset>
  );
}
