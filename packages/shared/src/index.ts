export * from './auth.ts';
export * from './mensagens.ts';
export * from './nup.ts';
export * from './rotulos.ts';
