/**
 * react-agent-kit/locales: the components' words in other languages, one import each, so an app
 * ships only the languages it uses (English is built into react-agent-kit/components). Pass one
 * to `AgentChat`'s `strings`, or spread it and change what your app says differently.
 *
 * @module react-agent-kit/locales
 */
export { germanStrings } from './german-strings';
