import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { ApiClient } from '../../api/client';
import { LAB_TEXTS, labDoneText, labViewOf, type LabActor } from '../../../machines/lab/selectors';
import { useToast } from '../../ui/toast';
import { useLabSearch } from './labSearch';
import { LabView } from './LabView';

export interface LabWorkflowProps {
  actor: LabActor;
  api: ApiClient;
  visible: boolean;
  onHide(): void;
  /** After each change the server made: the app shows the data it changed. */
  onChanged(): void;
}

/** The lab modal driven by its workflow: the view of each snapshot, the supervisor's choices sent as events, a toast after each change. */
export function LabWorkflow({ actor, api, visible, onHide, onChanged }: LabWorkflowProps) {
  const view = useSelector(actor, labViewOf);
  const search = useLabSearch(api, view.finders.membershipGroup?.id ?? null);
  const showToast = useToast();
  // The app's callback may be a new function each render; the subscription calls the latest.
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  }, [onChanged]);
  useEffect(() => {
    const subscription = actor.on('lab.changed', ({ action, subject }) => {
      showToast({ title: LAB_TEXTS.title, message: labDoneText(action, subject), variant: 'success' });
      changed.current();
    });
    return () => subscription.unsubscribe();
  }, [actor, showToast]);
  return (
    <LabView
      visible={visible}
      view={view}
      suggestions={search.suggestions}
      onSearch={search.search}
      onFind={(target, id) => actor.send({ type: 'lab.find', target, id })}
      onRun={(action) => actor.send({ type: 'lab.run', action })}
      onConfirm={() => actor.send({ type: 'lab.confirm' })}
      onCancel={() => actor.send({ type: 'lab.cancel' })}
      onHide={onHide}
    />
  );
}
