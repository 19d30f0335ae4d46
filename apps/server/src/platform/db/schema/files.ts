import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';
import { inList } from './sql-helpers.ts';

/** What a stored file was uploaded as. */
export const STORED_FILE_KINDS = ['avatar', 'event-logo', 'sponsor-logo', 'feed-media'] as const;
export type StoredFileKind = (typeof STORED_FILE_KINDS)[number];

/**
 * Every file an upload route stored, and the one record it was uploaded for (a sponsor's logo, an event's logo, a
 * user's avatar, a feed post's media). A record's URL column says what is shown; this row says what may be
 * deleted: a file is removed through a record only when its row names that record (platform/storage/file-records.ts), so a
 * URL a client typed (another user's `/files/...`) is never a way to erase someone's file.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text().primaryKey(),
    kind: text().$type<StoredFileKind>().notNull(),
    /** The record the file belongs to: the sponsor's, event's, user's or post's id. */
    recordId: text().notNull(),
    uploadedBy: uuid().references(() => authUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.kind, table.recordId),
    check('stored_files_kind_check', inList(table.kind, STORED_FILE_KINDS)),
  ],
);
