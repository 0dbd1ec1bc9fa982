-- « Projet » finds an imported borehole by its project's code (PROJ_ID) as well as by its name:
-- the code is added to the folded search text of the boreholes stored before (new imports write
-- both, see projectSearchText). Folded as foldText does for the letters French and English codes
-- use: accents removed (lower() alone leaves É under the C collation), lower case, white space
-- collapsed.
UPDATE boreholes b
SET search_project = trim(b.search_project || ' ' || p.folded)
FROM (
  SELECT id, trim(regexp_replace(
    lower(translate(code, 'ÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝàâäáãåçéèêëíìîïñóòôöõúùûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyy')), '\s+', ' ', 'g')) AS folded
  FROM projects
) p
WHERE b.project_id = p.id AND p.folded <> '' AND strpos(b.search_project, p.folded) = 0;
