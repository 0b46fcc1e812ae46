import { formatarDataIso } from './formatacao';

/** Texts of the suspension dialog and banner that the specification does not word. */
export const TEXTOS_SOBRESTAMENTO = {
  tituloSobrestar: 'Sobrestar processo',
  tituloLevantar: 'Levantar sobrestamento',
  sobrestando: 'Sobrestando documento',
  levantando: 'Levantando sobrestamento',
  rotuloMotivo: 'Motivo',
  rotuloLevantarEm: 'Levantar automaticamente em (opcional)',
  ajudaLevantarEm: 'Depois de hoje e em no máximo 2 anos; vazio: só quando alguém levantar.',
  rotuloMotivoLevantamento: 'Motivo do levantamento (opcional)',
  explicacao: (numero: string) =>
    `Enquanto sobrestado, o processo ${numero} não pode ser tramitado nem juntado, até que o sobrestamento seja levantado.`,
  confirmar: (numero: string, levantarEm: string | null) =>
    `Confirma o sobrestamento do processo ${numero}${levantarEm ? ` até ${formatarDataIso(levantarEm)}` : ''}?`,
  explicacaoLevantar: 'O documento volta ao estado em que estava e pode ser tramitado de novo.',
  aviso: (ate: string | null) => (ate ? `Documento sobrestado até ${formatarDataIso(ate)}` : 'Documento sobrestado'),
  desde: (em: string, unidade: string, usuario: string) => `Desde ${em}, por ${usuario} (${unidade}).`,
  motivoRestrito: 'Motivo restrito',
} as const;
