-- Written by hand (drizzle-kit cannot declare functions or triggers); see docs/decisions/0036-discovery-directory-index.md.
-- Each server process keeps the directory of a networking event in memory (its discoverable people with their
-- keys, search text and creation time) and reloads it when events.directory_version is ahead of its copy. So every
-- change to what such a directory holds moves the version, in the transaction that makes the change.
-- Not here, because discovery reads them fresh on every request: blocks, and events.allow_attendee_networking.

-- Moves the directory version of the events, locking their rows in id order first: two transactions moving
-- overlapping sets of events then wait for each other instead of deadlocking.
CREATE FUNCTION mingle_bump_directories(event_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(event_ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM events WHERE id = ANY(event_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE events SET directory_version = directory_version + 1 WHERE id = ANY(event_ids);
END $$;--> statement-breakpoint
-- Access granted, moved or taken away: the events whose people changed. A new pair also locks the newcomer's
-- profile (FOR SHARE, until commit), so a change to that profile in flight either commits first (and the reload
-- after this commit sees it) or waits for this commit (and its own trigger then sees the new pair and moves this
-- event too). Without the lock, a reload between the two commits would keep the old profile until the next change.
CREATE FUNCTION mingle_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added uuid[];
  changed uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    added := array(SELECT user_id FROM new_access);
    changed := array(SELECT DISTINCT event_id FROM new_access);
  ELSIF TG_OP = 'DELETE' THEN
    added := '{}';
    changed := array(SELECT DISTINCT event_id FROM old_access);
  ELSE
    -- Only pairs that moved count: the access type is not part of the directory.
    added := array(SELECT user_id FROM (SELECT user_id, event_id FROM new_access EXCEPT SELECT user_id, event_id FROM old_access) AS pair);
    changed := array(
      SELECT event_id FROM (SELECT user_id, event_id FROM new_access EXCEPT SELECT user_id, event_id FROM old_access) AS gained
      UNION
      SELECT event_id FROM (SELECT user_id, event_id FROM old_access EXCEPT SELECT user_id, event_id FROM new_access) AS lost);
  END IF;
  PERFORM 1 FROM profiles WHERE id = ANY(added) ORDER BY id FOR SHARE;
  PERFORM mingle_bump_directories(changed);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A profile added or removed: the events its person has access to.
CREATE FUNCTION mingle_profiles_added_or_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mingle_bump_directories(array(SELECT DISTINCT a.event_id FROM new_profiles AS p JOIN user_event_access AS a ON a.user_id = p.id));
  ELSE
    PERFORM mingle_bump_directories(array(SELECT DISTINCT a.event_id FROM old_profiles AS p JOIN user_event_access AS a ON a.user_id = p.id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A profile whose directory entry changed (the trigger's WHEN says which): the events its person has access to.
CREATE FUNCTION mingle_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mingle_bump_directories(array(SELECT DISTINCT event_id FROM user_event_access WHERE user_id IN (OLD.id, NEW.id)));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Profiles emptied by hand (TRUNCATE fires no delete trigger): every directory. Access emptied needs nothing:
-- a directory is read only by someone with access to its event, granted again since, which moved it.
CREATE FUNCTION mingle_all_directories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE events SET directory_version = directory_version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Statement triggers with transition tables: a bulk grant moves each event once, not once per row.
CREATE TRIGGER directory_access_added AFTER INSERT ON user_event_access REFERENCING NEW TABLE AS new_access
  FOR EACH STATEMENT EXECUTE FUNCTION mingle_access_changed();--> statement-breakpoint
CREATE TRIGGER directory_access_moved AFTER UPDATE ON user_event_access REFERENCING OLD TABLE AS old_access NEW TABLE AS new_access
  FOR EACH STATEMENT EXECUTE FUNCTION mingle_access_changed();--> statement-breakpoint
CREATE TRIGGER directory_access_removed AFTER DELETE ON user_event_access REFERENCING OLD TABLE AS old_access
  FOR EACH STATEMENT EXECUTE FUNCTION mingle_access_changed();--> statement-breakpoint
CREATE TRIGGER directory_profiles_added AFTER INSERT ON profiles REFERENCING NEW TABLE AS new_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION mingle_profiles_added_or_removed();--> statement-breakpoint
CREATE TRIGGER directory_profiles_removed AFTER DELETE ON profiles REFERENCING OLD TABLE AS old_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION mingle_profiles_added_or_removed();--> statement-breakpoint
CREATE TRIGGER directory_profiles_truncated AFTER TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION mingle_all_directories_changed();--> statement-breakpoint
-- Row by row, so the WHEN skips in C the many updates that leave the directory alone (points, QR tokens, bio...).
-- interest_keys, goal_keys and search_text are generated from the listed columns (migration 0004).
CREATE TRIGGER directory_profile_changed
  AFTER UPDATE OF id, full_name, company_or_institution, job_title, selected_interests, selected_goals, discoverable, created_at ON profiles
  FOR EACH ROW WHEN (
    OLD.id IS DISTINCT FROM NEW.id OR OLD.discoverable IS DISTINCT FROM NEW.discoverable OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.interest_keys IS DISTINCT FROM NEW.interest_keys OR OLD.goal_keys IS DISTINCT FROM NEW.goal_keys OR OLD.search_text IS DISTINCT FROM NEW.search_text
  ) EXECUTE FUNCTION mingle_profile_changed();--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "directory_version" bigint DEFAULT 0 NOT NULL;
