import { pathTo } from '../../app/routes';
import type { OnboardingDestination } from '../../../machines/onboarding/steps';

/** The address of where a finished onboarding leads. */
export function destinationPath(destination: OnboardingDestination): string {
  if (destination.to === 'groupMembers') return pathTo('group_members', { fbGroupId: destination.fbGroupId, list: null });
  if (destination.to === 'savedRoute') return destination.url;
  return pathTo('home');
}
