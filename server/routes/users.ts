// Users Management: the administrators, over the `users` table (password hashes and tokens live beside them),
// in the same ra-data-simple-rest dialect as the declared areas. The password hash never leaves this file's
// repository calls.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { VERSION_FIELD, etagOf } from '../../schema/conflicts';
import {
  CANNOT_DEACTIVATE_SELF,
  CANNOT_DELETE_SELF,
  CANNOT_UNLOCK_SELF,
  CONFIRM_PASSWORD_REQUIRED,
  needsOwnPassword,
  ownPasswordMessages,
} from '../../schema/areas/users-management';
import { userCreateSchema, userUnlockSchema, userUpdateDocumented, userUpdateSchema } from '../../schema/user-forms';
import { parseListQuery, type RawListParams } from '../areas/list-query';
import { USERS_AREA, type AreaModel, type ListField, type ListModel } from '../areas/model';
import { NOT_FOUND, fieldErrors, formError, requireObjectBody } from '../areas/records';
import { isUniqueViolation } from '../db/dialect';
import type { SignInThrottleConfig } from '../config';
import type { Database } from '../db/types';
import { applicableChanges, checkDeleteVersion, type CurrentState } from '../edit-conflicts';
import { addressKey } from '../client-address';
import { HttpError } from '../http-error';
import { hashPassword, verifyPassword } from '../passwords';
import { rememberDevice } from '../sign-in-device';
import { requireOpenSession, requireUser } from '../plugins/authenticate';
import { SIGNED_IN, SIGNED_IN_WITH_CSRF, documentationOnly } from '../plugins/openapi';
import { insertAuditEntry, type AuditAction, type AuditActor } from '../repositories/audit';
import { accountLocks, admitSignInAttempt, clearAccountFailures, clearAllAccountFailures, deviceAccountKey } from '../repositories/sign-in-attempts';
import { USERS_KIND } from '../repositories/revisions';
import { deleteUserTokens } from '../repositories/tokens';
import {
  createUser,
  deleteUser,
  findPasswordHash,
  findUserById,
  isEmailTaken,
  listUsers,
  normalizeEmail,
  revisedFields,
  updateUser,
  type User,
} from '../repositories/users';
import { conflictResponse, errorResponses, ifMatchHeaders, listQuerySchema, pageSchema, pascalCase, versionInBody, withEtag } from './contract';
import { throttled } from './auth';
import { auditActor, idParams, sendPage, writeOptions } from './resources';

export const EMAIL_TAKEN = 'This email is already used';
export { CANNOT_DEACTIVATE_SELF, CANNOT_DELETE_SELF, CANNOT_UNLOCK_SELF };

export interface UserRoutesOptions {
  db: Kysely<Database>;
  /** The users-management declaration: its sort, filters, search and default sort. */
  model: AreaModel;
  /** A wrong own password counts as a failed sign-in of that account (docs/security.md). */
  signInThrottle: SignInThrottleConfig;
  /** Whether cookies are marked Secure (COOKIE_SECURE): the sign-in device cookie a password change renews. */
  cookieSecure?: boolean;
}

/**
 * Checks the signed-in user's own password, which adding a user, setting a password or changing an email needs
 * (needsOwnPassword). A guess is a sign-in attempt of this session: it waits and locks as sign-ins do (429), or a
 * stolen token could try passwords here as fast as it liked. The session's failures are its
 * own, as a known browser's are (server/sign-in-device.ts): a stranger failing at the sign-in page kept the signed-in
 * owner from changing a password, adding an administrator or unlocking one for as long as the lock lasted, and the
 * owner's right password cleared the stranger's failures (an outside probe).
 */
async function confirmOwnPassword(
  db: Kysely<Database>,
  policy: SignInThrottleConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  sent: string | undefined,
  { missing, wrong }: { missing: string; wrong: string },
): Promise<void> {
  if (sent === undefined) throw formError({ current_password: missing });
  const me = requireUser(request);
  const keys = { account: deviceAccountKey(normalizeEmail(me.email), `session ${request.tokenId ?? 'none'}`), address: addressKey(request.ip) };
  // Only the session's count holds it back: a stranger failing at the sign-in page from the same address (an office's,
  // a proxy's) made the right password answer 429, so the account under attack could not be unlocked (an outside
  // probe). The session's guesses are still recorded with the address, and count there for the sign-in page.
  const wait = await admitSignInAttempt(db, { ...policy, address: { delayAfter: 0, lockAfter: 0 } }, keys, new Date());
  // The wait is the field's answer too: the console shows it under the password, not only in a notice.
  if (wait > 0) throw throttled(reply, wait, 'current_password');
  const hash = await findPasswordHash(db, me.id);
  if (hash === undefined || !(await verifyPassword(sent, hash))) throw formError({ current_password: wrong });
  await clearAccountFailures(db, keys.account);
}

const USER_COLUMNS = new Set(['id', 'name', 'email', 'active', 'created_at', 'updated_at']);

/** The declaration's list fields, mapped onto the users table's columns. */
function usersListModel(model: AreaModel): ListModel {
  const column = (field: ListField): ListField => {
    if (!USER_COLUMNS.has(field.name)) throw new Error(`${USERS_AREA}: '${field.name}' is not a column of the users table`);
    return { ...field, column: field.name, foldCase: field.name === 'name' };
  };
  const sortable = new Map([...model.sortable].filter(([name]) => name !== 'position').map(([name, field]) => [name, column(field)]));
  for (const name of ['active']) sortable.set(name, { name, kind: 'boolean', column: name });
  return {
    name: USERS_AREA,
    sortable,
    filterable: new Map([...model.filterable].map(([name, field]) => [name, column(field)])),
    search: model.search.map(column),
    defaultSort: { field: column(model.defaultSort.field), order: model.defaultSort.order },
    dateFilters: false,
  };
}

/** `lockedUntil`: until when failed sign-ins lock the account (accountLocks), null when they do not. */
const toApiUser = (user: User, lockedUntil: string | null) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  active: user.active,
  [VERSION_FIELD]: user.version,
  created_at: user.createdAt,
  updated_at: user.updatedAt,
  locked_until: lockedUntil,
});

/** A user as edit conflicts see it (server/edit-conflicts.ts): name, email and active, as revisions keep them. */
// `lockedUntil` is asked for only when a conflict is answered: a write that applies reads no lock for it.
const currentState = (user: User, lockedUntil: () => Promise<string | null>): CurrentState<ReturnType<typeof toApiUser>> => ({
  kind: USERS_KIND,
  id: user.id,
  version: user.version,
  data: revisedFields(user),
  updatedBy: user.updatedBy,
  updatedAt: user.updatedAt,
  answer: async () => toApiUser(user, await lockedUntil()),
});

const emailTaken = () => formError({ email: EMAIL_TAKEN });

/** An audit log entry about a user (issue #9): field names only, never a password or its hash. */
const auditUser = async (db: Kysely<Database>, actor: AuditActor, action: AuditAction, user: User, fields: string[] | null = null) => {
  // In the change's transaction: a session ended since the request arrived writes nothing (as records.ts audit()).
  await requireOpenSession(db, actor.tokenId);
  await insertAuditEntry(db, {
    action,
    userId: actor.userId,
    userName: actor.userName,
    ip: actor.ip,
    area: USERS_AREA,
    recordId: user.id,
    recordLabel: user.name,
    fields,
  });
};

// What toApiUser answers: never a password or its hash.
const userSchema = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    email: z.string(),
    active: z.boolean(),
    [VERSION_FIELD]: z.int().positive().describe('Bumped by every save; send it back (or in If-Match) to be told of edits made since.'),
    created_at: z.string(),
    updated_at: z.string(),
    locked_until: z
      .string()
      .nullable()
      .describe(
        'Until when the account is locked by failed sign-ins (refused even with the right password), null when it is not; an administrator lifts it with POST /api/users-management/{id}/unlock.',
      ),
  })
  .meta({ title: 'User' });

// Named like the other areas' operations (listUsersManagement…).
const operation = (verb: string, summary: string, description?: string) => ({
  tags: ['users'],
  operationId: `${verb}${pascalCase(USERS_AREA)}`,
  summary,
  ...(description && { description }),
});

export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { db, model, signInThrottle, cookieSecure = false }) => {
  app.addHook('onRequest', app.authenticate);
  const listModel = usersListModel(model);
  const base = `/api/${USERS_AREA}`;

  async function existing(id: number): Promise<User> {
    const user = await findUserById(db, id);
    if (!user) throw new HttpError(404, NOT_FOUND);
    return user;
  }

  /** Until when each user's account is locked by failed sign-ins (by its email, as sign-ins count them). */
  const locksOf = (executor: Kysely<Database>, users: readonly User[]) =>
    accountLocks(executor, signInThrottle, users.map((user) => normalizeEmail(user.email)), new Date());
  const lockOf = async (executor: Kysely<Database>, user: User) => (await locksOf(executor, [user])).get(normalizeEmail(user.email)) ?? null;
  const answer = async (user: User) => toApiUser(user, await lockOf(db, user));

  const listSchema = {
    ...operation('list', 'Users: list', 'A page of administrators, sorted and filtered (the ra-data-simple-rest dialect).'),
    security: SIGNED_IN,
    querystring: listQuerySchema(listModel),
    response: { 200: pageSchema(userSchema, USERS_AREA), ...errorResponses(400, 401) },
  };
  app.get(base, { schema: listSchema }, async (request, reply) => {
    const query = parseListQuery(listModel, request.query as RawListParams);
    const { users, total } = await listUsers(db, query);
    const locks = await locksOf(db, users);
    return sendPage(reply, USERS_AREA, query.range.start, users.map((user) => toApiUser(user, locks.get(normalizeEmail(user.email)) ?? null)), total);
  });

  const getSchema = {
    ...operation('get', 'Users: get one', 'One administrator by id: never a password or its hash.'),
    security: SIGNED_IN,
    params: idParams,
    response: { 200: withEtag(userSchema, 'The user.'), ...errorResponses(400, 401, 404) },
  };
  app.get(`${base}/:id`, { schema: getSchema }, async (request, reply) => {
    const user = await existing(Number(request.params.id));
    return reply.header('etag', etagOf(user.version)).send(await answer(user));
  });

  const createSchema = {
    ...operation(
      'create',
      'Users: create',
      'The password is stored hashed and never answered. Needs `current_password`, your own password: a wrong one is a failed sign-in of this session, which waits and locks as sign-ins do (429).',
    ),
    security: SIGNED_IN_WITH_CSRF,
    body: documentationOnly(userCreateSchema),
    response: { 201: userSchema.describe('The user as stored.'), ...errorResponses(400, 401, 403, 413, 415, 429) },
  };
  app.post(base, { schema: createSchema }, async (request, reply) => {
    const result = userCreateSchema.safeParse(requireObjectBody(request.body));
    if (!result.success) throw formError(fieldErrors(result.error));
    const { name, email, active, password, current_password: ownPassword } = result.data;
    await confirmOwnPassword(db, signInThrottle, request, reply, ownPassword, ownPasswordMessages(false));
    if (await isEmailTaken(db, email)) throw emailTaken();
    try {
      const passwordHash = await hashPassword(password);
      const user = await db.transaction().execute(async (trx) => {
        const created = await createUser(trx, { name, email, active, passwordHash, by: requireUser(request).id });
        // The password is set too, but it is no field of the record: the log names what it shows.
        await auditUser(trx, auditActor(request), 'create', created, ['name', 'email', 'active']);
        return created;
      });
      // Failed sign-ins are counted by email, for accounts that do not exist too: a new user may start locked.
      return reply.code(201).send(await answer(user));
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  });

  const updateSchema = {
    ...operation(
      'update',
      'Users: update',
      'Only what is sent changes; a password (empty means "keep it") resets it and signs the user out elsewhere, and deactivating a user signs them out everywhere. Setting a password or changing an email needs `current_password`, your own password (a wrong one is a failed sign-in of this session: 429 when it must wait, whatever strangers do at the sign-in page). Nobody can deactivate their own account. A stale copy (If-Match or `version`) changes only what it changed, or answers 409.',
    ),
    security: SIGNED_IN_WITH_CSRF,
    params: idParams,
    headers: ifMatchHeaders,
    body: documentationOnly(userUpdateDocumented.extend({ version: versionInBody })),
    response: { 200: userSchema.describe('The user as stored.'), ...errorResponses(400, 401, 403, 404, 413, 415, 429), ...conflictResponse(userSchema) },
  };
  app.put(`${base}/:id`, { schema: updateSchema }, async (request, reply) => {
    const id = Number(request.params.id);
    const me = requireUser(request);
    const options = writeOptions(request, request.body);
    const result = userUpdateSchema.safeParse(requireObjectBody(request.body));
    if (!result.success) throw formError(fieldErrors(result.error));
    const { name, email, active, password, current_password: ownPassword } = result.data;
    // Issue #9 and an attacker's probe: a password set (yours or anyone's) or an email changed needs your own password,
    // so that a stolen token alone cannot take an account. Checked here, before any row is locked (a hash takes a
    // while on purpose), against the email as it is now; the transaction below refuses an email change that a
    // concurrent save made necessary after all.
    const target = await findUserById(db, id);
    if (!target) throw new HttpError(404, NOT_FOUND);
    const emailChanged = email !== undefined && normalizeEmail(email) !== target.email;
    const confirmed = needsOwnPassword({ password: password !== undefined, emailChanged });
    if (confirmed) {
      await confirmOwnPassword(db, signInThrottle, request, reply, ownPassword, ownPasswordMessages(id === me.id && password !== undefined));
    }
    // Hashed before the row is locked: it takes a while on purpose.
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    // As stored, so an email sent back unchanged in another case is no change.
    const sent = Object.fromEntries(
      Object.entries({ name, email: email === undefined ? undefined : normalizeEmail(email), active }).filter(([, value]) => value !== undefined),
    );

    try {
      const saved = await db.transaction().execute(async (trx) => {
        const user = await findUserById(trx, id, { lock: true });
        if (!user) throw new HttpError(404, NOT_FOUND);
        // A stale form applies only what it changed (issue #8): its unchanged `active` does not undo a deactivation.
        const changes = (await applicableChanges(trx, currentState(user, () => lockOf(trx, user)), sent, options.expected)) as Pick<User, 'name' | 'email' | 'active'>;
        // Locking yourself out would leave no one to undo it.
        if (id === me.id && changes.active === false) throw new HttpError(400, CANNOT_DEACTIVATE_SELF, { active: CANNOT_DEACTIVATE_SELF });
        if (changes.email !== undefined && changes.email !== user.email && !confirmed) {
          throw formError({ current_password: CONFIRM_PASSWORD_REQUIRED });
        }
        if (changes.email !== undefined && (await isEmailTaken(trx, changes.email, id))) throw emailTaken();
        const updated = await updateUser(trx, user, { ...changes, passwordHash }, { by: me.id });
        if (!updated) throw new HttpError(404, NOT_FOUND);
        // A deactivated user is signed out everywhere; so is one whose password was reset, except for the session
        // that reset it (your own password change keeps you signed in here).
        if (changes.active === false && user.active) await deleteUserTokens(trx, id);
        else if (password !== undefined) await deleteUserTokens(trx, id, id === me.id ? (request.tokenId ?? undefined) : undefined);
        // Audit (issue #9): the fields that changed, and a password set as its own entry (your own: a change; someone
        // else's: a reset). A save that only sets a password is that entry alone.
        const fields = (['name', 'email', 'active'] as const).filter((field) => changes[field] !== undefined && changes[field] !== user[field]);
        if (fields.length > 0 || password === undefined) await auditUser(trx, auditActor(request), 'update', updated, [...fields]);
        if (password !== undefined) await auditUser(trx, auditActor(request), id === me.id ? 'password-change' : 'password-reset', updated);
        return updated;
      });
      // Your own new password makes the browsers that knew the old one strangers to the sign-in throttle
      // (server/sign-in-device.ts): this one, where you changed it, is known again (a probe of that change: its owner
      // was locked out by a stranger's failures right after changing the password).
      if (id === me.id && passwordHash !== undefined) rememberDevice(reply, saved.email, passwordHash, undefined, cookieSecure);
      return await answer(saved);
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  });

  const deleteSchema = {
    ...operation('delete', 'Users: delete', 'Nobody can delete their own account.'),
    security: SIGNED_IN_WITH_CSRF,
    params: idParams,
    headers: ifMatchHeaders,
    response: { 200: userSchema.describe('The user as it was.'), ...errorResponses(400, 401, 403, 404), ...conflictResponse(userSchema) },
  };
  app.delete(`${base}/:id`, { schema: deleteSchema }, async (request) => {
    const id = Number(request.params.id);
    if (id === requireUser(request).id) throw new HttpError(400, CANNOT_DELETE_SELF);
    const { expected } = writeOptions(request);
    const deleted = await db.transaction().execute(async (trx) => {
      const user = await findUserById(trx, id, { lock: true });
      if (!user) throw new HttpError(404, NOT_FOUND);
      const lockedUntil = await lockOf(trx, user);
      await checkDeleteVersion(trx, currentState(user, () => Promise.resolve(lockedUntil)), expected);
      const gone = await deleteUser(trx, id);
      if (gone) await auditUser(trx, auditActor(request), 'delete', gone);
      return gone && toApiUser(gone, lockedUntil);
    });
    if (!deleted) throw new HttpError(404, NOT_FOUND);
    return deleted;
  });

  const unlockSchema = {
    ...operation(
      'unlock',
      'Users: unlock',
      "Lifts the lock that failed sign-ins put on another user's account (docs/security.md): its failed sign-ins are forgotten, so it may sign in at once and the waits start again from none. Needs `current_password`, your own password (a wrong one is a failed sign-in of this session: 429 when it must wait, whatever strangers do at the sign-in page). Your own account is unlocked by another administrator (400). An account that is not locked has its failed sign-ins (the waits before a lock) forgotten all the same.",
    ),
    security: SIGNED_IN_WITH_CSRF,
    params: idParams,
    body: documentationOnly(userUnlockSchema),
    response: { 200: userSchema.describe('The user, unlocked.'), ...errorResponses(400, 401, 403, 404, 413, 415, 429) },
  };
  app.post(`${base}/:id/unlock`, { schema: unlockSchema }, async (request, reply) => {
    const id = Number(request.params.id);
    if (id === requireUser(request).id) throw new HttpError(400, CANNOT_UNLOCK_SELF);
    const result = userUnlockSchema.safeParse(requireObjectBody(request.body));
    if (!result.success) throw formError(fieldErrors(result.error));
    await existing(id);
    if (needsOwnPassword({ unlocking: true })) await confirmOwnPassword(db, signInThrottle, request, reply, result.data.current_password, ownPasswordMessages(false));
    const unlocked = await db.transaction().execute(async (trx) => {
      const user = await findUserById(trx, id, { lock: true });
      if (!user) throw new HttpError(404, NOT_FOUND);
      // Every failure of the account goes, as a successful sign-in clears them: the lock, and the waits before one.
      await clearAllAccountFailures(trx, normalizeEmail(user.email));
      await auditUser(trx, auditActor(request), 'unlock', user);
      return user;
    });
    return answer(unlocked);
  });
};
