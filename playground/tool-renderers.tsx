import type { ToolRenderers } from 'react-agent-kit/components';
import './tool-renderers.css';

/** What the demo's `get_weather` reports while it runs, then returns. */
interface WeatherProgress {
  status?: string;
}
interface Forecast {
  city: string;
  temperatureCelsius: number;
  conditions: string;
  source?: string;
}

/**
 * The playground's own views of its tools (generative UI, through `AgentChat`'s
 * `toolRenderers`): the weather tool shows a weather card instead of JSON. The card keeps the
 * kit's head, so the call's details are one click away.
 */
export const playgroundToolRenderers: ToolRenderers = {
  get_weather: {
    running: ({ call }) => {
      const city = (call.input as { city?: string } | undefined)?.city;
      const status = (call.progress as WeatherProgress | undefined)?.status;
      return (
        <p className="pg-weather-pending" role="status">
          {status ?? (city ? `Asking the sky over ${city}…` : 'Getting ready…')}
        </p>
      );
    },
    done: ({ call }) => {
      const forecast = call.output as Partial<Forecast> | undefined;
      if (typeof forecast?.city !== 'string' || typeof forecast.temperatureCelsius !== 'number') return null;
      return (
        <figure className="pg-weather-card" aria-label={`Weather in ${forecast.city}`}>
          <span className="pg-weather-icon" aria-hidden="true">
            {iconFor(forecast.conditions ?? '')}
          </span>
          <span className="pg-weather-city">{forecast.city}</span>
          <span className="pg-weather-temperature">{`${forecast.temperatureCelsius} °C`}</span>
          <figcaption className="pg-weather-conditions">{forecast.conditions}</figcaption>
        </figure>
      );
    },
  },
};

function iconFor(conditions: string): string {
  if (/rain/.test(conditions)) return '🌧';
  if (/cloud|overcast/.test(conditions)) return '☁';
  if (/wind/.test(conditions)) return '💨';
  return '☀';
}
