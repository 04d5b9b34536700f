import { relations } from 'drizzle-orm';
import {
  audit_logs,
  customers,
  engagements,
  groups,
  matches,
  members,
  memberships,
  payment_accounts,
  posts,
  robot_job_batches,
  robot_jobs,
  sessions,
  users,
} from './schema';

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.user_id], references: [users.id] }),
}));

export const groupsRelations = relations(groups, ({ many, one }) => ({
  memberships: many(memberships),
  posts: many(posts),
  payment_account: one(payment_accounts),
}));

export const membersRelations = relations(members, ({ many }) => ({
  memberships: many(memberships),
}));

export const membershipsRelations = relations(memberships, ({ one }) => ({
  group: one(groups, { fields: [memberships.group_id], references: [groups.id] }),
  member: one(members, { fields: [memberships.member_id], references: [members.id] }),
  granted_by: one(users, { fields: [memberships.granted_by_user_id], references: [users.id] }),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  group: one(groups, { fields: [posts.group_id], references: [groups.id] }),
  member: one(members, { fields: [posts.member_id], references: [members.id] }),
  engagements: many(engagements),
}));

export const engagementsRelations = relations(engagements, ({ one }) => ({
  post: one(posts, { fields: [engagements.post_id], references: [posts.id] }),
  member: one(members, { fields: [engagements.member_id], references: [members.id] }),
}));

export const auditLogsRelations = relations(audit_logs, ({ one }) => ({
  group: one(groups, { fields: [audit_logs.group_id], references: [groups.id] }),
  user: one(users, { fields: [audit_logs.user_id], references: [users.id] }),
  member: one(members, { fields: [audit_logs.member_id], references: [members.id] }),
}));

export const paymentAccountsRelations = relations(payment_accounts, ({ one, many }) => ({
  group: one(groups, { fields: [payment_accounts.group_id], references: [groups.id] }),
  customers: many(customers),
  matches: many(matches),
}));

export const customersRelations = relations(customers, ({ one, many }) => ({
  account: one(payment_accounts, { fields: [customers.account_id], references: [payment_accounts.id] }),
  member: one(members, { fields: [customers.member_id], references: [members.id] }),
  matches: many(matches),
}));

export const matchesRelations = relations(matches, ({ one }) => ({
  account: one(payment_accounts, { fields: [matches.account_id], references: [payment_accounts.id] }),
  customer: one(customers, { fields: [matches.customer_id], references: [customers.id] }),
  member: one(members, { fields: [matches.member_id], references: [members.id] }),
}));

export const robotJobsRelations = relations(robot_jobs, ({ many }) => ({
  batches: many(robot_job_batches),
}));

export const robotJobBatchesRelations = relations(robot_job_batches, ({ one }) => ({
  job: one(robot_jobs, { fields: [robot_job_batches.job_id], references: [robot_jobs.id] }),
}));
