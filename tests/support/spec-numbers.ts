/**
 * The timings and limits the tests defend, written here from the product specification (part 1
 * `part-1-core.md`, part 2 `part-2-connections-supervisor.md`) and, where the specification leaves
 * the choice to us ("not shown"), from the docs that write our choice down (docs/ARCHITECTURE.md,
 * docs/CONVENTIONS.md, README.md). Each figure quotes where it is stated.
 *
 * Nothing here may come from the product's code (machines/, rules/, server/, src/): a test that waited
 * for the product's own constant would follow any change of it and never fail.
 * tests/unit/honest-numbers.test.ts checks that no test imports those constants.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

// ---- Timings the specification states ----

/** Part 2 §9: "Text filter debounce 1000 ms" (§4 List filters: "Text filters are debounced."). */
export const SPEC_TEXT_FILTER_DEBOUNCE_MS = 1_000;

/** Part 2 §9: "the 'to' date filter 200 ms". */
export const SPEC_TO_DATE_DEBOUNCE_MS = 200;

/** Part 2 §4 Match lists: "Each row action has a 3 second undo countdown before it fires."; §9: "Undo countdown: 3 seconds." */
export const SPEC_MATCH_UNDO_MS = 3 * SECOND;

/** Part 2 §4: the undo countdown counts the "3 second[s]" down, a second at a time. */
export const SPEC_MATCH_UNDO_TICK_MS = SECOND;

/** Part 2 §9: "Payment account poll: every 3000 ms." (§4 Payment tasks: "polled every 3 seconds until the page closes"). */
export const SPEC_PAYMENT_ACCOUNT_POLL_MS = 3_000;

/** Part 1 §4 Session: "the check starts after 10 s"; §9: "check starts after 10 s"; part 2 §9 likewise. */
export const SPEC_VERSION_CHECK_START_MS = 10 * SECOND;

/** Part 1 §4 Session: "uses an idle time of 30 s"; §9: "idle 30 s"; part 2 §9: "Idle time is 30 s". */
export const SPEC_VERSION_CHECK_IDLE_MS = 30 * SECOND;

/**
 * Part 1 §4 Session: "the app reloads with a cache buster if the last reload was over 60 s ago";
 * §9: "App reload cache-buster rule: 60 s"; part 2 §9: "if the last load was over 60 s ago".
 */
export const SPEC_RELOAD_COOLDOWN_MS = 60 * SECOND;

/** Part 1 §7: "Identification of users, members and groups is batched with a 500 ms debounce."; §9: "Debounce: 500 ms for batched identification". */
export const SPEC_IDENTIFICATION_BATCH_MS = 500;

/** Part 2 §8: "The member lookup shows a spinner, then the text 'Member id={id}' after 5 seconds if the member is not loaded." */
export const SPEC_MEMBER_LABEL_FALLBACK_MS = 5 * SECOND;

/** Part 1 §9: "copy tooltip hides after 1 s". */
export const SPEC_COPIED_TOOLTIP_MS = SECOND;

/** Part 1 §9: "blink intervals 1000 ms (upgrade modal) and 700 ms (admin banner)". */
export const SPEC_UPGRADE_BLINK_MS = 1_000;
export const SPEC_ADMIN_BANNER_BLINK_MS = 700;

// ---- Limits the specification states ----

/** Part 1 §4: "A removal protection recommends no more than 100 members per day and 500 per week"; §9: "Removal recommendation: 100 per day, 500 per week." */
export const SPEC_DAILY_REMOVALS = 100;
export const SPEC_WEEKLY_REMOVALS = 500;

/**
 * Part 1 §9: "the group-list free-removals colour uses the ratio left/10": a free group's removals
 * are counted out of ten (§6: "limited free removals in total"; the number of the free allowance
 * itself is left to us, and we took the same ten).
 */
export const SPEC_FREE_REMOVALS = 10;

/** Part 1 §5: "Member lookup typeahead runs only for 3 or more characters."; §9: "Typeahead: 3 characters minimum, 10 matches." */
export const SPEC_TYPEAHEAD_MIN_CHARS = 3;
export const SPEC_TYPEAHEAD_MATCHES = 10;

/** Part 1 §9: "Onboarding engagement scan: look-behind by posts, 10 posts back, 100 reactions per post, 50 comments per post." */
export const SPEC_ONBOARDING_SCAN = {
  engagement_sync_lookbehind_by: 'posts',
  engagement_sync_posts_back: 10,
  engagement_sync_reactions_per_post: 100,
  engagement_sync_comments_per_post: 50,
} as const;

/** Part 2 §5: "Sync sliders: range 1 to 200, step 1."; §9: "Slider range 1 to 200, step 1." */
export const SPEC_SYNC_SLIDER = { min: 1, max: 200, step: 1 } as const;

/** Part 2 §5: "Schedule time step is 5 minutes."; §9: "Schedule default time 12:00:00, minute step 5." */
export const SPEC_SCHEDULE_MINUTE_STEP = 5;

// ---- Numbers the specification leaves to us, as our docs write them down ----

/** docs/ARCHITECTURE.md, memberList: "each move's success toast with Undo for 10 s". */
export const SPEC_MEMBER_MOVE_UNDO_MS = 10 * SECOND;

/** docs/CONVENTIONS.md: the server takes a move's undo "within `UNDO_WINDOW_MS` … plus 5 seconds' grace". */
export const SPEC_MEMBER_MOVE_UNDO_GRACE_MS = 5 * SECOND;

/** docs/CONVENTIONS.md: "A companion-product token … is good once, within 60 seconds". */
export const SPEC_COMPANION_TOKEN_LIFETIME_MS = 60 * SECOND;

/** docs/CONVENTIONS.md: "A sandbox sign-in token … is good for one POST /session within ten minutes". */
export const SPEC_SANDBOX_TOKEN_LIFETIME_MS = 10 * MINUTE;

/** docs/CONVENTIONS.md: "a token unused for `SESSION_TTL_DAYS` (default 30) days answers 401"; README: `SESSION_TTL_DAYS` default `30`. */
export const SPEC_SESSION_TTL_DAYS = 30;

/** docs/CONVENTIONS.md: "the last use is written at most once a minute". */
export const SPEC_LAST_USE_RESOLUTION_MS = MINUTE;

/**
 * docs/ARCHITECTURE.md, Settings: the engagement-sync limits by plan, "free 10 days and 10 posts, with
 * the onboarding scan's 100 reactions and 50 comments a post; paid 200 of each" (part 2 §9: "Slider
 * limits per plan: not shown."; part 1 §9: the onboarding scan reads "100 reactions per post, 50
 * comments per post").
 */
const FREE_SYNC_LIMITS = {
  engagement_sync_days_back: 10,
  engagement_sync_posts_back: 10,
  engagement_sync_reactions_per_post: 100,
  engagement_sync_comments_per_post: 50,
};
const PAID_SYNC_LIMITS = {
  engagement_sync_days_back: 200,
  engagement_sync_posts_back: 200,
  engagement_sync_reactions_per_post: 200,
  engagement_sync_comments_per_post: 200,
};
export const SPEC_SYNC_LIMITS_BY_PLAN = { free: FREE_SYNC_LIMITS, monthly: PAID_SYNC_LIMITS, annual: PAID_SYNC_LIMITS, once: PAID_SYNC_LIMITS };

/**
 * docs/CONVENTIONS.md, Rate limits: "exports: two running at once, a bucket of five starts that
 * refills one every 12 seconds, and a refusal while two run says to retry in 5 seconds; searches:
 * a bucket of twenty that refills ten a second".
 */
export const SPEC_RATE_LIMITS = {
  export: { concurrent: 2, burst: 5, secondsPerStart: 12, busyRetryAfterSeconds: 5 },
  search: { burst: 20, perSecond: 10 },
} as const;

/** docs/ARCHITECTURE.md, robot: "active and scheduled jobs (polled every 5 s, …)". */
export const SPEC_ROBOT_JOBS_POLL_MS = 5 * SECOND;

/** docs/ARCHITECTURE.md, robot: "waiting with the named delay `untilScheduledRun` (at most 5 min)". */
export const SPEC_MAX_SCHEDULE_WAIT_MS = 5 * MINUTE;

/** The contract (openapi.yaml, starting a robot job): "a running job with no start or batch for 15 minutes is abandoned (the robot died)". */
export const SPEC_JOB_ABANDONED_AFTER_MS = 15 * MINUTE;

/** docs/ARCHITECTURE.md, Leases: "The claim holds the key for `LEASE_MS` (5 minutes, …)". */
export const SPEC_PAYMENT_LEASE_MS = 5 * MINUTE;

/** README, Background tasks: a worker "claims the oldest due task … under a two-minute lease". */
export const SPEC_TASK_LEASE_MS = 2 * MINUTE;

/** docs/ARCHITECTURE.md: each call to a real service "is given up after `UPSTREAM_TIMEOUT_MS` (10 s". */
export const SPEC_UPSTREAM_TIMEOUT_MS = 10 * SECOND;

/** docs/CONVENTIONS.md, bodies: "nesting deeper than 32 levels are 400 naming `body`". */
export const SPEC_MAX_BODY_DEPTH = 32;

// ---- The machines' named delays, by machine id, as the figures above ----

/** How long a machine's named delay lasts by the spec, or how to work it out from the snapshot for a delay that depends on it. */
export type SpecDelay = number | ((snapshot: { context: unknown }) => number);

/**
 * The spec's figure for each named delay of the machines the model tests and the generated stories
 * replay. Simulated time moves by these, never by the machine's own delays; a delay missing here
 * fails the replay, and so does a machine whose delay differs from its figure.
 */
export const SPEC_DELAYS: Record<string, Record<string, SpecDelay>> = {
  listQuery: { textDebounce: SPEC_TEXT_FILTER_DEBOUNCE_MS, toDateDebounce: SPEC_TO_DATE_DEBOUNCE_MS },
  matchReview: { undoWindow: SPEC_MATCH_UNDO_MS, undoTick: SPEC_MATCH_UNDO_TICK_MS },
  paymentAccount: { pollInterval: SPEC_PAYMENT_ACCOUNT_POLL_MS },
  memberList: { undoWindow: SPEC_MEMBER_MOVE_UNDO_MS, upgradeBlink: SPEC_UPGRADE_BLINK_MS },
  robot: {
    pollInterval: SPEC_ROBOT_JOBS_POLL_MS,
    // Until the planned run is due, looking at the schedule again after 5 min at most.
    untilScheduledRun: ({ context }) => {
      const run = (context as { scheduledRun: { at: number; plannedAt: number } | null }).scheduledRun;
      return run === null ? SPEC_MAX_SCHEDULE_WAIT_MS : Math.min(Math.max(run.at - run.plannedAt, 0), SPEC_MAX_SCHEDULE_WAIT_MS);
    },
  },
  versionCheck: {
    startDelay: SPEC_VERSION_CHECK_START_MS,
    idleTime: SPEC_VERSION_CHECK_IDLE_MS,
    // What is left of the 60 s since the app last reloaded itself, by the reload log the test gave it.
    reloadCooldown: ({ context }) => {
      const sinceLastReload = (context as { reloadLog: { millisSinceLastReload(): number | null } }).reloadLog.millisSinceLastReload();
      return sinceLastReload === null ? 0 : Math.max(0, SPEC_RELOAD_COOLDOWN_MS - sinceLastReload);
    },
  },
};
