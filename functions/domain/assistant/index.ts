/** The assistant's pure rules: question → intent (UK date phrases), queries, templates and the number check. */
export * from './answers';
export * from './bills';
export * from './categories';
export * from './date-phrases';
export * from './intents';
export * from './queries';
export * from './spend';
