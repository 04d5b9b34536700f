import type { MembershipRole } from '../db/enums';
import type { SandboxAccountKey } from './accounts';
import type { TopicKey } from './topics';

export type SandboxGroupKey =
  | 'ada_free'
  | 'ada_monthly'
  | 'ada_annual'
  | 'ada_locked'
  | 'ada_unconnected_sketchers'
  | 'ada_unconnected_plants'
  | 'sam_lifetime'
  | 'otto_annual'
  | 'nora_unconnected_books'
  | 'nora_unconnected_gamedev'
  | 'astronomy_subscribers';

/** A group of the sandbox social network (what exists there, not what the product knows). */
export interface SandboxGroupDefinition {
  key: SandboxGroupKey;
  name: string;
  slug: string;
  topic: TopicKey;
  /** Members at scale 1. */
  baseSize: number;
  foundedOn: string;
  /** Accounts in the group, first in the member order. */
  accounts: ReadonlyArray<{ account: SandboxAccountKey; role: MembershipRole }>;
  /** Further admins drawn from the general population. */
  otherAdmins: number;
  /** Share of the other members who ever post, comment or react. */
  engagedShare: number;
}

export const SANDBOX_GROUPS: readonly SandboxGroupDefinition[] = [
  {
    key: 'ada_free',
    name: 'Backyard Beekeepers Circle',
    slug: 'backyardbeekeepers',
    topic: 'beekeeping',
    baseSize: 1_500,
    foundedOn: '2019-04-12',
    accounts: [{ account: 'ada', role: 'admin' }],
    otherAdmins: 1,
    engagedShare: 0.35,
  },
  {
    key: 'ada_monthly',
    name: 'Vintage Film Camera Swap',
    slug: 'vintagefilmswap',
    topic: 'filmCameras',
    baseSize: 4_000,
    foundedOn: '2017-09-03',
    accounts: [
      { account: 'ada', role: 'admin' },
      { account: 'bella', role: 'subscriber' },
    ],
    otherAdmins: 2,
    engagedShare: 0.3,
  },
  {
    key: 'ada_annual',
    name: 'Trail Runners Worldwide',
    slug: 'trailrunnersworldwide',
    topic: 'running',
    baseSize: 20_500,
    foundedOn: '2015-06-21',
    accounts: [{ account: 'ada', role: 'admin' }],
    otherAdmins: 3,
    engagedShare: 0.25,
  },
  {
    key: 'ada_locked',
    name: 'Sourdough Bakers Support',
    slug: 'sourdoughbakerssupport',
    topic: 'baking',
    baseSize: 2_500,
    foundedOn: '2020-03-28',
    accounts: [{ account: 'ada', role: 'admin' }],
    otherAdmins: 1,
    engagedShare: 0.3,
  },
  {
    key: 'ada_unconnected_sketchers',
    name: 'Urban Sketchers Meetup',
    slug: 'urbansketchersmeetup',
    topic: 'sketching',
    baseSize: 900,
    foundedOn: '2018-02-14',
    accounts: [{ account: 'ada', role: 'admin' }],
    otherAdmins: 1,
    engagedShare: 0.4,
  },
  {
    key: 'ada_unconnected_plants',
    name: 'Houseplant Rescue Swap',
    slug: 'houseplantrescue',
    topic: 'plants',
    baseSize: 1_200,
    foundedOn: '2021-01-09',
    accounts: [{ account: 'ada', role: 'admin' }],
    otherAdmins: 2,
    engagedShare: 0.35,
  },
  {
    key: 'sam_lifetime',
    name: 'Weekend Woodworkers',
    slug: 'weekendwoodworkers',
    topic: 'woodworking',
    baseSize: 300,
    foundedOn: '2016-11-05',
    accounts: [
      { account: 'sam', role: 'admin' },
      { account: 'bella', role: 'subscriber' },
    ],
    otherAdmins: 0,
    engagedShare: 0.5,
  },
  {
    key: 'otto_annual',
    name: 'Home Espresso Enthusiasts',
    slug: 'homeespresso',
    topic: 'coffee',
    baseSize: 800,
    foundedOn: '2018-07-30',
    accounts: [
      { account: 'otto', role: 'admin' },
      { account: 'nora', role: 'admin' },
    ],
    otherAdmins: 1,
    engagedShare: 0.4,
  },
  {
    key: 'nora_unconnected_books',
    name: 'Maple Street Book Club',
    slug: 'maplestreetbookclub',
    topic: 'books',
    baseSize: 150,
    foundedOn: '2022-05-17',
    accounts: [{ account: 'nora', role: 'admin' }],
    otherAdmins: 0,
    engagedShare: 0.6,
  },
  {
    key: 'nora_unconnected_gamedev',
    name: 'Indie Game Devs Hangout',
    slug: 'indiegamedevshangout',
    topic: 'gameDev',
    baseSize: 600,
    foundedOn: '2019-10-02',
    accounts: [{ account: 'nora', role: 'admin' }],
    otherAdmins: 1,
    engagedShare: 0.45,
  },
  {
    key: 'astronomy_subscribers',
    name: 'Amateur Astronomers Network',
    slug: 'amateurastronomers',
    topic: 'astronomy',
    baseSize: 3_000,
    foundedOn: '2014-08-12',
    accounts: [
      { account: 'nora', role: 'subscriber' },
      { account: 'ada', role: 'subscriber' },
    ],
    otherAdmins: 2,
    engagedShare: 0.3,
  },
];
