import { Grid } from '@mui/material';
import type { EscolhaPasso } from '../lib/use-escolha-passo';
import { CampoSelecaoControlado } from './formulario/CampoSelecaoControlado';
import { SelecaoPorIdControlada } from './formulario/SelecaoPorIdControlada';
import { SelecaoPorId } from './SelecaoPorId';

interface CamposEscolhaProps {
  /** Prefix of the fields' ids. */
  id: string;
  /** What `useEscolhaPasso` returned. */
  escolha: EscolhaPasso;
}

/** The hint explains why a field is disabled, so it keeps a readable colour. */
const AJUDA_LEGIVEL = { formHelperText: { sx: { '&.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } } } };

const SEM_PASSOS = ' — nenhum passo disponível para a sua unidade';

/**
 * The flow and the step of a forwarding (spec §4 "Forwarding flow"): flows in the server's alphabetical order, and
 * only the steps the server permits now. A flow without permitted steps is listed but cannot be chosen.
 */
export function CamposPassoFluxo({ id, escolha }: CamposEscolhaProps) {
  const { control, fluxos, fluxo, carregandoFluxos } = escolha;
  const campos = [
    {
      nome: 'idFluxo',
      rotulo: 'Fluxo',
      opcoes: fluxos.map(({ id: valor, descricao, passos }) => ({
        valor,
        rotulo: passos.length === 0 ? `${descricao}${SEM_PASSOS}` : descricao,
        desabilitada: passos.length === 0,
      })),
      aoMudar: escolha.aoMudarFluxo,
      desabilitado: carregandoFluxos,
      ajuda: carregandoFluxos ? 'Carregando fluxos…' : undefined,
    },
    {
      nome: 'idPasso',
      rotulo: 'Passo',
      opcoes: (fluxo?.passos ?? []).map(({ id: valor, descricao }) => ({ valor, rotulo: descricao })),
      aoMudar: escolha.aoMudarPasso,
      desabilitado: fluxo === null,
      ajuda: fluxo === null ? 'Escolha antes o fluxo.' : undefined,
    },
  ] as const;
  return (
    <Grid container spacing={2}>
      {campos.map((campo) => (
        <Grid key={campo.nome} size={{ xs: 12, md: 6 }}>
          <CampoSelecaoControlado
            control={control}
            name={campo.nome}
            id={`${id}-${campo.rotulo.toLowerCase()}`}
            rotulo={campo.rotulo}
            opcoes={campo.opcoes}
            aoMudar={campo.aoMudar}
            disabled={campo.desabilitado}
            textoAjuda={campo.ajuda}
            required
            fullWidth
            slotProps={AJUDA_LEGIVEL}
          />
        </Grid>
      ))}
    </Grid>
  );
}

/** The destination of a forwarding: one of those the chosen step allows, picked from a searchable list. */
export function CampoDestino({ id, escolha }: CamposEscolhaProps) {
  const semPasso = escolha.idPasso === null;
  return (
    <SelecaoPorIdControlada
      Selecao={SelecaoPorId}
      control={escolha.control}
      name="idDestino"
      id={`${id}-destino`}
      rotulo="Destino"
      opcoes={escolha.destinos}
      aoMudar={escolha.aoMudarDestino}
      rotuloOpcao={(destino) => `${destino.sigla} — ${destino.nome}`}
      carregando={escolha.carregandoDestinos}
      desabilitado={semPasso}
      obrigatorio
      textoAjuda={semPasso ? 'Escolha antes o passo do fluxo.' : undefined}
    />
  );
}
