import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ApiClient } from '../../api/client';
import { matchReviewMachine } from '../../../machines/matchReview/machine';
import { matchReviewToast, matchReviewView } from '../../../machines/matchReview/selectors';
import { useToast } from '../../ui/toast';
import { useMemberSearch } from '../../ui/useMemberSearch';
import { MatchReviewView } from './MatchReviewView';

export interface MatchReviewProps {
  api: ApiClient;
  /** The group whose payment account is reviewed. */
  group: { id: number };
}

/** The review of matches, driven by its own statechart; each call's end is told in a toast. */
export function MatchReview({ api, group }: MatchReviewProps) {
  const actor = useActorRef(matchReviewMachine, { input: { api, groupId: group.id } });
  const view = useSelector(actor, matchReviewView);
  const showToast = useToast();
  const memberSearch = useMemberSearch(api, group.id);
  useEffect(() => {
    const done = actor.on('review.action.done', (emitted) => showToast(matchReviewToast(emitted)));
    const failed = actor.on('review.action.failed', (emitted) => showToast(matchReviewToast(emitted)));
    return () => {
      done.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, showToast]);
  return <MatchReviewView view={view} send={actor.send} memberSuggestions={memberSearch.suggestions} onMemberSearch={memberSearch.search} />;
}
