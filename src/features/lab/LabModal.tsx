import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import type { ApiClient } from '../../api/client';
import type { components } from '../../api/schema';
import { labMachine, type LabToggles } from '../../../machines/lab/machine';
import { LabWorkflow } from './LabWorkflow';

type Status = components['schemas']['Status'];

export interface LabModalProps {
  api: ApiClient;
  /** GET /status: the lab's switches as they stand. */
  status: Status;
  /** The group the sidebar shows, which the lab finds when it opens. */
  groupId: number | null;
  visible: boolean;
  onHide(): void;
  onChanged(): void;
}

/** The switches GET /status gives: the sandbox world's only when the server runs it. */
export function labTogglesOf(status: Status): LabToggles {
  return {
    extension_connected: status.sandbox_toggles?.extension_connected ?? null,
    payment_provider_blocked: status.sandbox_toggles?.payment_provider_blocked ?? null,
    login_disabled: status.features.login_disabled,
  };
}

/** The supervisor's lab (spec part 2 §2): one lab workflow for as long as the modal stays mounted. */
export function LabModal({ api, status, groupId, visible, onHide, onChanged }: LabModalProps) {
  const actor = useActorRef(labMachine, { input: { api, toggles: labTogglesOf(status) } });
  // The lab opens on the group the sidebar shows.
  useEffect(() => {
    if (groupId !== null) actor.send({ type: 'lab.find', target: 'group', id: groupId });
  }, [actor, groupId]);
  return <LabWorkflow actor={actor} api={api} visible={visible} onHide={onHide} onChanged={onChanged} />;
}
