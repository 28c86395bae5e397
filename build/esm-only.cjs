// What `require('react-agent-kit')` (or any of its entries) loads: the package is ES modules only.
throw new Error(
  "react-agent-kit is an ES module package and cannot be loaded with require(). " +
    "Use import (import { createAgent } from 'react-agent-kit') in an ES module (\"type\": \"module\" in package.json, or a .mjs file), " +
    "or await import('react-agent-kit') from CommonJS.",
);
