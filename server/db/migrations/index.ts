import type { Migration } from 'kysely';
import { usersAndTokens } from './0001-users-and-tokens';
import { records } from './0002-records';
import { uploads } from './0003-uploads';
import { areaEvolution } from './0004-area-evolution';
import { uploadReferences } from './0005-upload-references';
import { versionsAndRevisions } from './0006-versions-and-revisions';
import { signInAttempts } from './0007-sign-in-attempts';
import { sessionActivity } from './0008-session-activity';
import { auditLog } from './0009-audit-log';
import { recordSearch } from './0010-record-search';
import { areaGenerations } from './0011-area-generations';
import { areaRecordCounts } from './0012-area-record-counts';
import { searchMerging } from './0013-search-merging';
import { documentCompression } from './0014-document-compression';
import { searchMergingInCommits } from './0015-search-merging-in-commits';
import { uploadDimensions } from './0016-upload-dimensions';
import { imageMetadata } from './0017-image-metadata';

// Kysely runs these in name order; never rename or edit one that has shipped, add a new one.
export const migrations: Record<string, Migration> = {
  '0001_users_and_tokens': usersAndTokens,
  '0002_records': records,
  '0003_uploads': uploads,
  '0004_area_evolution': areaEvolution,
  '0005_upload_references': uploadReferences,
  '0006_versions_and_revisions': versionsAndRevisions,
  '0007_sign_in_attempts': signInAttempts,
  '0008_session_activity': sessionActivity,
  '0009_audit_log': auditLog,
  '0010_record_search': recordSearch,
  '0011_area_generations': areaGenerations,
  '0012_area_record_counts': areaRecordCounts,
  '0013_search_merging': searchMerging,
  '0014_document_compression': documentCompression,
  '0015_search_merging_in_commits': searchMergingInCommits,
  '0016_upload_dimensions': uploadDimensions,
  '0017_image_metadata': imageMetadata,
};
