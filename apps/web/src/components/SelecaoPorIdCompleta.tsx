import { Autocomplete } from '@mui/material';
import { entradaAutocomplete } from './entrada-autocomplete';
import type { SelecaoPorIdProps } from './SelecaoPorIdLeve';

/**
 * A list of entities with an id, filtered as the user types; keyboard-accessible (MUI Autocomplete). Loaded on
 * demand by SelecaoPorId.
 */
export function SelecaoPorIdCompleta<T extends { id: number }>({
  id,
  rotulo,
  opcoes,
  valor,
  aoMudar,
  rotuloOpcao,
  opcaoDesabilitada,
  carregando,
  desabilitado,
  obrigatorio,
  erro,
  textoAjuda,
  testId,
  focar,
}: SelecaoPorIdProps<T>) {
  const escolhida = opcoes.find((opcao) => opcao.id === valor) ?? null;
  return (
    <Autocomplete
      id={id}
      options={opcoes}
      value={escolhida}
      onChange={(_evento, opcao) => aoMudar(opcao?.id ?? null)}
      getOptionLabel={rotuloOpcao}
      getOptionKey={(opcao) => opcao.id}
      getOptionDisabled={opcaoDesabilitada}
      isOptionEqualToValue={(opcao, outra) => opcao.id === outra.id}
      loading={carregando}
      loadingText="Carregando…"
      noOptionsText="Nenhuma opção encontrada"
      disabled={desabilitado}
      data-testid={testId}
      renderInput={entradaAutocomplete({ rotulo, obrigatorio, erro, textoAjuda, focar })}
    />
  );
}
