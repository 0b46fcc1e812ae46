import type { OpcaoSelecao } from './CampoSelecaoControlado';

/**
 * A field holding an option's own value (number or text, or null), for an element holding text (a list, radio
 * buttons): the value as that text ('' when no option has it) and the change that puts the chosen option's value back.
 */
export function escolhaDaOpcao<V extends string | number>(
  opcoes: readonly OpcaoSelecao<V>[],
  campo: { value: unknown; onChange: (valor: V | null) => void },
  aoMudar?: (valor: V | null) => void,
) {
  const escolhida = opcoes.find((opcao) => opcao.valor === campo.value);
  return {
    value: escolhida ? String(escolhida.valor) : '',
    onChange: (evento: { target: { value: string } }) => {
      const valor = opcoes.find((opcao) => String(opcao.valor) === evento.target.value)?.valor ?? null;
      campo.onChange(valor);
      aoMudar?.(valor);
    },
  };
}
