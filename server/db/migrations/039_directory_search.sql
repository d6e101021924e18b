-- The company directory's search and floor filter (issue 26; docs/decisions/215-directory-search.md).
-- A company's floor in its building (null: none given, as for a portfolio's own company, listed in every building).
ALTER TABLE companies ADD COLUMN floor smallint;
CREATE INDEX companies_directory_floor ON companies (building_id, floor);

-- A name as the search compares it: lower case, without accents (Crème → creme, Łódź → lodz, Æ → ae), so a search
-- ignores both. The same function folds the name and the words searched for, so they always agree; the letters are
-- those of the app's twelve languages and their neighbours. No extension (unaccent) is needed, on PGlite or Postgres.
CREATE FUNCTION directory_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(translate(lower(value),
    'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆĉĈċĊčČďĎđĐðÐèÈéÉêÊëËēĒĕĔėĖęĘěĚĝĜğĞġĠģĢĥĤħĦìÌíÍîÎïÏĩĨīĪĭĬįĮıĵĴķĶĺĹļĻľĽŀĿłŁñÑńŃņŅňŇòÒóÓôÔõÕöÖøØōŌŏŎőŐŕŔŗŖřŘśŚŝŜşŞšŠșȘţŢťŤŧŦțȚùÙúÚûÛüÜũŨūŪŭŬůŮűŰųŲŵŴýÝÿŸŷŶźŹżŻžŽİ',
    'aaaaaaaaaaaaaaaaaaccccccccccddddddeeeeeeeeeeeeeeeeeegggggggghhhhiiiiiiiiiiiiiiiiijjkkllllllllllnnnnnnnnoooooooooooooooooorrrrrrssssssssssttttttttuuuuuuuuuuuuuuuuuuuuwwyyyyyyzzzzzzi'),
    'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'ß', 'ss')
$$;

-- Demo companies seeded before the column: the floor their description gives ("… is on floor 7 of …").
UPDATE companies SET floor = substring(description from 'is on floor ([0-9]+) of')::smallint
 WHERE floor IS NULL AND building_id IS NOT NULL AND description ~ 'is on floor [0-9]+ of';

-- The demo Directory button narrowed the directory to four of the five types it holds (the portfolio's own
-- property_management company was left out): 30 companies from the home, 31 from every other way in. The button
-- of the demo data now opens the whole directory, as every other way in does.
UPDATE utility_buttons SET company_types = NULL
 WHERE utility_name = 'COMPANIES' AND company_types = 'tenant,retail,restaurant,service';

-- The demo companies' logos were generated monograms in colours of their own; the app now draws a company without a
-- logo as its initials on the brand's colour, the same for every company. Only the generated files are taken off.
UPDATE companies SET logo_url = NULL WHERE building_id IS NOT NULL AND logo_url ~ '^/media/content/company-[a-z0-9-]+\.svg$';
