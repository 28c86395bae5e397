import { defineTool } from 'react-agent-kit';

const conditions = ['sunny', 'partly cloudy', 'light rain', 'overcast', 'clear skies', 'windy'];

/** A deterministic stand-in for a weather API, so the demo shows a tool round trip offline. */
export const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string', description: 'City name, e.g. "Paris"' } },
    required: ['city'],
  },
  readOnly: true,
  category: 'web',
  async *execute({ city }: { city: string }) {
    yield { status: `Looking up ${city}…` };
    await new Promise((resolve) => setTimeout(resolve, 600));
    const seed = [...city.toLowerCase()].reduce((sum, character) => sum + character.charCodeAt(0), 0);
    yield { city, temperatureCelsius: 8 + (seed % 20), conditions: conditions[seed % conditions.length], source: 'demo data' };
  },
});

/** The browser's clock: a tool that really runs in the page. */
export const getTime = defineTool({
  name: 'get_time',
  description: "The current date and time in the user's time zone.",
  inputSchema: { type: 'object', properties: {} },
  readOnly: true,
  execute: () => ({
    iso: new Date().toISOString(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    local: new Date().toLocaleString(),
  }),
});
