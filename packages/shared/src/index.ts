export * from './auth.ts';
export * from './documentos.ts';
export * from './lookups.ts';
export * from './mensagens.ts';
export * from './nup.ts';
export * from './pecas.ts';
export * from './rotulos.ts';
export * from './tramitacao.ts';
