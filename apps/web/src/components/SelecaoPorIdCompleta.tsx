import { Autocomplete, TextField } from '@mui/material';
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
      renderInput={(parametros) => (
        <TextField
          {...parametros}
          label={rotulo}
          required={obrigatorio}
          error={erro}
          helperText={textoAjuda}
          // The hint often explains why the field is disabled, so it keeps a readable colour.
          slotProps={{
            ...parametros.slotProps,
            formHelperText: { sx: { '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } } },
          }}
        />
      )}
    />
  );
}
