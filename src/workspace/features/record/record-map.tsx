import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';
import { TILE_ATTRIBUTION, TILE_URL } from '../../lib/map-tiles.ts';

/** Where the borehole is: a small map around it, still (the workspace's map is for moving about). */
export function RecordMap({ lat, lon, id, mapLink }: { lat: number; lon: number; id: string; mapLink?: string }) {
  return (
    <figure className="record__map">
      <MapContainer
        className="record__map-canvas"
        center={[lat, lon]}
        zoom={15}
        zoomControl={false}
        dragging={false}
        scrollWheelZoom={false}
        doubleClickZoom={false}
        touchZoom={false}
        boxZoom={false}
        keyboard={false}
        attributionControl
      >
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} tileSize={256} maxZoom={18} />
        <CircleMarker
          center={[lat, lon]}
          radius={8}
          pathOptions={{ color: '#fff', weight: 3, fillColor: '#1b5e8c', fillOpacity: 1 }}
        />
      </MapContainer>
      <figcaption>
        Emplacement de {id}
        {mapLink && (
          <>
            {' · '}
            <a href={mapLink}>Voir sur la carte</a>
          </>
        )}
      </figcaption>
    </figure>
  );
}
