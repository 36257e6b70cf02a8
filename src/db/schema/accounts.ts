import { sql } from "drizzle-orm";
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * A customer account: its subscription plan and its contract (data-access limits). The contract is always
 * explicit: `allDepartments` or a list of departments; SIREN and SIRET lists further restrict when non-empty.
 */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    plan: text("plan").notNull(),
    allDepartments: boolean("all_departments").notNull().default(false),
    departments: text("departments").array().notNull().default(sql`'{}'::text[]`),
    sirens: text("sirens").array().notNull().default(sql`'{}'::text[]`),
    sirets: text("sirets").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("accounts_email_idx").on(t.email)],
);

export type AccountRow = typeof accounts.$inferSelect;
