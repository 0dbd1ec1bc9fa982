-- An AGS export of an imported project writes its groups back. For the groups GéoSonde models
-- (LOCA, GEOL, ISPT and the log groups) the rows are rebuilt from the tables; what the file said
-- of their headings, units and types is kept here, its rows left empty ('[]'). PROJ is now kept
-- verbatim too, with every field of the file.
ALTER TABLE project_groups ADD COLUMN modelled boolean NOT NULL DEFAULT false;
