import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { ApiClient } from '../../api/client';
import { PERMISSIONS_TEXTS, permissionsPageOf, type PermissionsActor } from '../../../machines/permissions/selectors';
import type { PermissionRoleFilter } from '../../../rules/permissions';
import { useMemberSearch } from '../../ui/useMemberSearch';
import { useToast } from '../../ui/toast';
import { PermissionsView } from './PermissionsView';

export interface PermissionsWorkflowProps {
  actor: PermissionsActor;
  api: ApiClient;
  groupId: number;
  purchasePath: string;
  onRoleChange(role: PermissionRoleFilter): void;
  onPageChange(page: number, perPage: number): void;
}

/** The permissions page driven by its workflow: the view of each snapshot, the admin's actions sent as events, a toast after each change. */
export function PermissionsWorkflow({ actor, api, groupId, purchasePath, onRoleChange, onPageChange }: PermissionsWorkflowProps) {
  const page = useSelector(actor, permissionsPageOf);
  const memberSearch = useMemberSearch(api, groupId, page.addAdmin?.matchLimit);
  const showToast = useToast();
  useEffect(() => {
    const subscription = actor.on('permissions.changed', ({ change, name }) =>
      showToast({ title: PERMISSIONS_TEXTS.title, message: PERMISSIONS_TEXTS[change](name), variant: 'success' }),
    );
    return () => subscription.unsubscribe();
  }, [actor, showToast]);
  return (
    <PermissionsView
      page={page}
      purchasePath={purchasePath}
      suggestions={memberSearch.suggestions}
      onSearch={memberSearch.search}
      onRoleChange={onRoleChange}
      onPageChange={onPageChange}
      onRetry={() => actor.send({ type: 'permissions.retry' })}
      onRevoke={(membership) => actor.send({ type: 'permissions.revoke', membership })}
      onConfirmRevoke={() => actor.send({ type: 'permissions.revoke.confirmed' })}
      onCancelRevoke={() => actor.send({ type: 'permissions.revoke.cancelled' })}
      onOpenAddAdmin={() => actor.send({ type: 'addAdmin.open' })}
      onChoose={(member) => actor.send({ type: 'addAdmin.member.chosen', member })}
      onClear={() => actor.send({ type: 'addAdmin.member.cleared' })}
      onOk={() => actor.send({ type: 'addAdmin.ok' })}
      onBack={() => actor.send({ type: 'addAdmin.back' })}
      onGrant={() => actor.send({ type: 'addAdmin.grant' })}
      onCancelAddAdmin={() => actor.send({ type: 'addAdmin.cancel' })}
    />
  );
}
