import type { HandlerContext, HandlerGroup } from './types';
import { accountCustomersHandlers } from './account-customers';
import { affiliatesHandlers } from './affiliates';
import { auditLogsHandlers } from './audit-logs';
import { autocompleteHandlers } from './autocomplete';
import { chartsHandlers } from './charts';
import { companionHandlers } from './companion';
import { departuresHandlers } from './departures';
import { flagsHandlers } from './flags';
import { groupsHandlers } from './groups';
import { labHandlers } from './lab';
import { memberLookupHandlers } from './member-lookup';
import { membersHandlers } from './members';
import { paymentAccountHandlers } from './payment-account';
import { permissionsHandlers } from './permissions';
import { postsHandlers } from './posts';
import { robotHandlers } from './robot';
import { sandboxHandlers } from './sandbox';
import { sandboxConnectHandlers } from './sandbox-connect';
import { sandboxNetworkHandlers } from './sandbox-network';
import { sessionHandlers } from './session';
import { settingsHandlers } from './settings';
import { statusHandlers } from './status';
import { subscriptionsHandlers } from './subscriptions';
import { supervisorHandlers } from './supervisor';
import { supportHandlers } from './support';
import { usersHandlers } from './users';

/** Every built operation's handler by operationId; the rest answer 501 until their feature lands. */
export function createHandlers(context: HandlerContext): HandlerGroup {
  return {
    ...statusHandlers(context),
    ...sessionHandlers(context),
    ...usersHandlers(context),
    ...groupsHandlers(context),
    ...membersHandlers(context),
    ...departuresHandlers(context),
    ...memberLookupHandlers(context),
    ...postsHandlers(context),
    ...auditLogsHandlers(context),
    ...chartsHandlers(context),
    ...permissionsHandlers(context),
    ...paymentAccountHandlers(context),
    ...accountCustomersHandlers(context),
    ...subscriptionsHandlers(context),
    ...flagsHandlers(context),
    ...settingsHandlers(context),
    ...supportHandlers(context),
    ...affiliatesHandlers(context),
    ...companionHandlers(context),
    ...robotHandlers(context),
    ...supervisorHandlers(context),
    ...labHandlers(context),
    ...sandboxHandlers(context),
    ...sandboxConnectHandlers(context),
    ...sandboxNetworkHandlers(context),
    ...autocompleteHandlers(context),
  };
}
