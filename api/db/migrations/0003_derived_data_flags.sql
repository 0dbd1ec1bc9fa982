-- Hydrogeology, geodata and core are read from the borehole itself (purpose and type, coordinates,
-- drilling method), as the filter rules say; only chemistry stays a recorded fact.
ALTER TABLE boreholes DROP COLUMN has_hydro;
ALTER TABLE boreholes DROP COLUMN has_geodata;
ALTER TABLE boreholes DROP COLUMN has_core;
