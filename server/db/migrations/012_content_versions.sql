-- A version per building of everything a content list shows (decision 056): every insert, update or delete of a
-- building's contents, their translations, event details, offers, RSVPs, claims or categories moves it on, in the
-- same transaction as the change. The feed call reads it in its session statement, so an answer kept under a version
-- is only ever reused while nothing it was built from has changed, whichever server or tool changed it.
CREATE TABLE building_content_versions (
  building_id integer PRIMARY KEY REFERENCES buildings(id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION bump_building_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  building integer;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME IN ('contents', 'content_categories') THEN
    building := changed.building_id;
  ELSE
    -- A row of a content (a deleted content's rows go with it: its own delete has moved the version on).
    SELECT c.building_id INTO building FROM contents c WHERE c.id = changed.content_id;
  END IF;
  IF building IS NOT NULL THEN
    INSERT INTO building_content_versions AS v (building_id, version) VALUES (building, 1)
      ON CONFLICT (building_id) DO UPDATE SET version = v.version + 1;
  END IF;
  -- An update that moves a content to another building changes both lists.
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME IN ('contents', 'content_categories') THEN
    IF OLD.building_id IS DISTINCT FROM NEW.building_id THEN
      INSERT INTO building_content_versions AS v (building_id, version) VALUES (OLD.building_id, 1)
        ON CONFLICT (building_id) DO UPDATE SET version = v.version + 1;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER contents_version AFTER INSERT OR UPDATE OR DELETE ON contents
  FOR EACH ROW EXECUTE FUNCTION bump_building_content_version();
CREATE TRIGGER content_categories_version AFTER INSERT OR UPDATE OR DELETE ON content_categories
  FOR EACH ROW EXECUTE FUNCTION bump_building_content_version();
CREATE TRIGGER content_translations_version AFTER INSERT OR UPDATE OR DELETE ON content_translations
  FOR EACH ROW EXECUTE FUNCTION bump_building_content_version();
CREATE TRIGGER event_details_version AFTER INSERT OR UPDATE OR DELETE ON event_details
  FOR EACH ROW EXECUTE FUNCTION bump_building_content_version();
CREATE TRIGGER offers_version AFTER INSERT OR UPDATE OR DELETE ON offers
  FOR EACH ROW EXECUTE FUNCTION bump_building_content_version();
CREATE TRIGGER rsvps_version AFTER INSERT OR UPDATE OR DELETE ON rsvps
  FOR EACH ROW EXECUTE FUNCTION bump_building_content_version();
CREATE TRIGGER claims_version AFTER INSERT OR UPDATE OR DELETE ON claims
  FOR EACH ROW EXECUTE FUNCTION bump_building_content_version();
