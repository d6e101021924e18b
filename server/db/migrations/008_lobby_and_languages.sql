-- Issue 11, lobby mode and languages (decisions 080 and 082).

-- A brand's logo drawn for dark or coloured bars (light marks), shown where the logo sits on the brand colour: the
-- kiosk header. Null: the brand's name is written in the bar's text colour instead.
ALTER TABLE brands ADD COLUMN logo_dark_url text;
UPDATE brands SET logo_dark_url = '/media/brands/' || identifier || '-dark.svg' WHERE identifier IN ('atrium', 'harbor');

-- A utility button's label per language, like every other operator text; utility_buttons.text stays the label of
-- last resort (and the one of buttons made before this table).
CREATE TABLE utility_button_translations (
  button_id integer NOT NULL REFERENCES utility_buttons(id) ON DELETE CASCADE,
  language text NOT NULL,
  text text NOT NULL,
  PRIMARY KEY (button_id, language)
);
