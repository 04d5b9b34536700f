import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { MEMBER_SEARCH_MIN_CHARS, type MemberMatch } from '../../api/memberSearch';
import { PERMISSIONS_PER_PAGE_OPTIONS, type PermissionRoleFilter } from '../../../rules/permissions';
import { PERMISSIONS_TEXTS, type AddAdminDialogView, type PermissionRowView, type PermissionsPage } from '../../../machines/permissions/selectors';
import type { Membership } from '../../../machines/permissions/actors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EntityAvatar } from '../../ui/EntityAvatar';
import { LightTable, type LightColumn } from '../../ui/LightTable';
import { ListPaginator } from '../../ui/ListPaginator';
import { LockedOverlay } from '../../ui/LockedOverlay';
import './permissions.css';

export interface PermissionsViewProps {
  page: PermissionsPage;
  purchasePath: string;
  /** The typeahead's matches for the text typed last, at most the dialog's matchLimit. */
  suggestions: MemberMatch[];
  onSearch(text: string): void;
  onRoleChange(role: PermissionRoleFilter): void;
  onPageChange(page: number, perPage: number): void;
  onRetry(): void;
  onRevoke(membership: Membership): void;
  onConfirmRevoke(): void;
  onCancelRevoke(): void;
  onOpenAddAdmin(): void;
  onChoose(member: MemberMatch): void;
  onClear(): void;
  onOk(): void;
  onBack(): void;
  onGrant(): void;
  onCancelAddAdmin(): void;
}

const ROLE_OPTIONS = [
  { label: 'All', value: 'all' },
  { label: 'Admins', value: 'admin' },
] satisfies Array<{ label: string; value: PermissionRoleFilter }>;

interface CandidatePickerProps {
  candidate: MemberMatch | null;
  suggestions: MemberMatch[];
  onSearch(text: string): void;
  onChoose(member: MemberMatch): void;
  onClear(): void;
}

/**
 * The add-admin typeahead: the chosen member, else what is being typed (AutoComplete shows only
 * the value it is given, so the typed text is kept here; the dialog's content, and so this text,
 * goes when the dialog closes).
 */
function CandidatePicker({ candidate, suggestions, onSearch, onChoose, onClear }: CandidatePickerProps) {
  const [typed, setTyped] = useState('');
  return (
    <div className="permissions__picker">
      <label htmlFor="add-admin-member">Member</label>
      <AutoComplete
        inputId="add-admin-member"
        field="name"
        minLength={MEMBER_SEARCH_MIN_CHARS}
        delay={300}
        placeholder="Type 3 letters of a name"
        value={candidate ?? typed}
        suggestions={suggestions}
        completeMethod={(event) => onSearch(event.query)}
        onSelect={(event) => onChoose(event.value as MemberMatch)}
        onClear={onClear}
        onChange={(event) => {
          if (typeof event.value !== 'string') return;
          setTyped(event.value);
          if (candidate) onClear();
        }}
      />
    </div>
  );
}

function AddAdminDialog({ dialog, suggestions, onSearch, onChoose, onClear, onOk, onBack, onGrant, onCancel }: {
  dialog: AddAdminDialogView | null;
  suggestions: MemberMatch[];
  onSearch(text: string): void;
  onChoose(member: MemberMatch): void;
  onClear(): void;
  onOk(): void;
  onBack(): void;
  onGrant(): void;
  onCancel(): void;
}) {
  const footer = dialog?.confirming ? (
    <div className="permissions__dialog-buttons">
      <Button type="button" label="Back" text severity="secondary" disabled={dialog.busy} onClick={onBack} />
      <Button type="button" label={dialog.grantLabel ?? ''} loading={dialog.busy} disabled={dialog.busy} onClick={onGrant} />
    </div>
  ) : (
    <div className="permissions__dialog-buttons">
      <Button type="button" label="Cancel" text severity="secondary" onClick={onCancel} />
      <Button type="button" label="Ok" disabled={!dialog?.okEnabled} onClick={onOk} />
    </div>
  );
  return (
    <Dialog
      header={dialog?.header}
      visible={dialog !== null}
      onHide={onCancel}
      closable={!dialog?.busy}
      footer={footer}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '94vw' }}
    >
      {dialog?.failure && <Message severity="error" text={dialog.failure} className="permissions__failure" />}
      {dialog?.confirming ? (
        <p>{dialog.grantLabel}?</p>
      ) : (
        <CandidatePicker candidate={dialog?.candidate ?? null} suggestions={suggestions} onSearch={onSearch} onChoose={onChoose} onClear={onClear} />
      )}
    </Dialog>
  );
}

function columns(onRevoke: (membership: Membership) => void): LightColumn<PermissionRowView>[] {
  return [
    {
      key: 'member',
      header: 'Member',
      body: ({ membership }) => (
        <span className="permissions__member">
          <EntityAvatar name={membership.member?.name ?? ''} imageUrl={membership.member?.avatar_url ?? null} />
          <span>{membership.member?.name}</span>
        </span>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      body: ({ membership }) => <Tag value={membership.role} severity={membership.role === 'admin' ? 'success' : 'info'} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      body: ({ membership, revocable }) =>
        revocable ? (
          <Button
            type="button"
            label={PERMISSIONS_TEXTS.revoke}
            size="small"
            severity="danger"
            outlined
            aria-label={`${PERMISSIONS_TEXTS.revoke} ${membership.member?.name ?? ''}`}
            onClick={() => onRevoke(membership)}
          />
        ) : null,
    },
  ];
}

/** The permissions page (spec part 2 §2): the admin list with its role filter and pages, Revoke, and Add Admin. */
export function PermissionsView(props: PermissionsViewProps) {
  const { page } = props;
  const rows = page.list.kind === 'loaded' ? page.list.rows : [];
  return (
    <section className="permissions" aria-labelledby="permissions-title">
      <h1 id="permissions-title">{PERMISSIONS_TEXTS.title}</h1>
      <LockedOverlay lock={page.addAdminLock} purchasePath={props.purchasePath}>
        <div className="permissions__add-admin">
          <p>{PERMISSIONS_TEXTS.addAdminHint}</p>
          <Button type="button" icon="pi pi-user-plus" label={PERMISSIONS_TEXTS.addAdmin} onClick={props.onOpenAddAdmin} />
        </div>
      </LockedOverlay>
      <div className="permissions__filters" role="group" aria-label="Role">
        {ROLE_OPTIONS.map(({ label, value }) => (
          <Button
            key={value}
            type="button"
            label={label}
            size="small"
            outlined={page.query.role !== value}
            aria-pressed={page.query.role === value}
            onClick={() => page.query.role !== value && props.onRoleChange(value)}
          />
        ))}
      </div>
      {page.failure && <Message severity="error" text={page.failure} className="permissions__failure" />}
      {page.list.kind === 'failed' ? (
        <div className="permissions__load-failed">
          <Message severity="error" text={page.list.message} />
          <Button type="button" label="Try again" onClick={props.onRetry} />
        </div>
      ) : (
        <div className="permissions__table">
          <LightTable
            rows={rows}
            rowKey={(row) => row.membership.member_id}
            columns={columns(props.onRevoke)}
            loading={page.list.kind === 'loading'}
            emptyMessage={PERMISSIONS_TEXTS.empty}
            ariaLabel="Members and their roles"
          />
        </div>
      )}
      {page.list.kind === 'loaded' && (
        <ListPaginator
          page={page.query.page}
          perPage={page.query.perPage}
          total={page.list.count}
          perPageOptions={PERMISSIONS_PER_PAGE_OPTIONS}
          onPageChange={props.onPageChange}
        />
      )}
      <ConfirmDialog
        visible={page.revoke !== null}
        header={PERMISSIONS_TEXTS.revokeHeader}
        message={page.revoke ? PERMISSIONS_TEXTS.revokeQuestion(page.revoke.name) : ''}
        confirmLabel={PERMISSIONS_TEXTS.revoke}
        busy={page.revoke?.busy}
        onConfirm={props.onConfirmRevoke}
        onCancel={props.onCancelRevoke}
      />
      <AddAdminDialog
        dialog={page.addAdmin}
        suggestions={props.suggestions}
        onSearch={props.onSearch}
        onChoose={props.onChoose}
        onClear={props.onClear}
        onOk={props.onOk}
        onBack={props.onBack}
        onGrant={props.onGrant}
        onCancel={props.onCancelAddAdmin}
      />
    </section>
  );
}
