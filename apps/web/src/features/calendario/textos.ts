/** The words of Administração › Calendário. */
export const TEXTOS_CALENDARIO = {
  titulo: 'Calendário de dias não úteis',
  descricao:
    'Feriados nacionais (calculados para cada ano) e os dias sem expediente da instituição, que os prazos em dias úteis pulam.',
  avisoPrazos:
    'Prazos já definidos não mudam: um prazo é uma data, guardada quando foi dado. Incluir ou excluir um dia aqui só vale para os prazos calculados depois.',
  incluir: 'Incluir dia não útil',
  tituloDialogo: 'Incluir dia não útil da instituição',
  salvando: 'Incluindo dia não útil',
  excluindo: 'Excluindo dia não útil',
  tituloExclusao: 'Excluir dia não útil',
  carregando: 'Carregando dias não úteis',
  anoAnterior: 'Ano anterior',
  proximoAno: 'Próximo ano',
  ajudaData: 'Um dia útil: fins de semana e feriados nacionais já não contam.',
  ajudaDescricao: 'Como aparece a quem conta prazos, por exemplo "Aniversário da cidade".',
  nacionalSomenteLeitura: 'Calculado',
} as const;

export const DIAS_DA_SEMANA = [
  'domingo',
  'segunda-feira',
  'terça-feira',
  'quarta-feira',
  'quinta-feira',
  'sexta-feira',
  'sábado',
] as const;

/** 'DD/MM/AAAA, dia-da-semana' of a YYYY-MM-DD date. */
export function dataComDiaDaSemana(data: string): string {
  const dia = DIAS_DA_SEMANA[new Date(`${data}T12:00:00Z`).getUTCDay()];
  return `${data.slice(8, 10)}/${data.slice(5, 7)}/${data.slice(0, 4)}, ${dia}`;
}
