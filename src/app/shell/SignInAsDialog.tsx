import { useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { SignInAsTools, UserMatch } from './types';

/** Spec part 1 §9: a typeahead asks from 3 characters on. */
export const USER_SEARCH_MIN_LENGTH = 3;

export interface SignInAsDialogProps {
  visible: boolean;
  tools: SignInAsTools;
  onHide(): void;
}

/** A supervisor picks a user and signs in as them; nothing happens until a user is chosen and confirmed. */
export function SignInAsDialog({ visible, tools, onHide }: SignInAsDialogProps) {
  const [value, setValue] = useState<string | UserMatch>('');
  const [suggestions, setSuggestions] = useState<UserMatch[]>([]);
  const [failed, setFailed] = useState(false);
  const chosen = typeof value === 'object' ? value : null;

  async function search(text: string) {
    try {
      setSuggestions(await tools.searchUsers(text));
      setFailed(false);
    } catch {
      setSuggestions([]);
      setFailed(true);
    }
  }

  function close() {
    setValue('');
    setSuggestions([]);
    onHide();
  }

  const footer = (
    <div className="sign-in-as__actions">
      <Button type="button" label="Cancel" severity="secondary" outlined onClick={close} />
      <Button
        type="button"
        label={chosen ? `Sign in as ${chosen.name}` : 'Sign in'}
        icon="pi pi-sign-in"
        disabled={!chosen}
        onClick={() => {
          if (!chosen) return;
          tools.signInAs(chosen);
          close();
        }}
      />
    </div>
  );

  return (
    <Dialog header="Sign in as another user" visible={visible} onHide={close} footer={footer} className="sign-in-as" modal dismissableMask>
      <label htmlFor="sign-in-as-user" className="sign-in-as__label">
        User (name or email)
      </label>
      <AutoComplete
        inputId="sign-in-as-user"
        value={value}
        suggestions={suggestions}
        completeMethod={(event) => void search(event.query)}
        minLength={USER_SEARCH_MIN_LENGTH}
        delay={300}
        field="name"
        forceSelection
        pt={{ list: { 'aria-label': 'Matching users' } }}
        placeholder="Type 3 or more characters"
        itemTemplate={(user: UserMatch) => (
          <div className="sign-in-as__match">
            <span>{user.name}</span>
            {user.description && <small>{user.description}</small>}
          </div>
        )}
        onChange={(event) => setValue(event.value)}
        autoFocus
      />
      {failed && (
        <p className="sign-in-as__error" role="alert">
          The user search failed; try again.
        </p>
      )}
    </Dialog>
  );
}
