import { Grid, MenuItem, TextField } from '@mui/material';
import { MINIMO_CARACTERES_NOME_INTERESSADO, rotuloTipoInteressado, rotuloTipoResponsavel } from '@tramite/shared';
import type { CampoEntidadeProps } from '../../components/CampoEntidade';
import { CampoEntidadeLeve } from '../../components/CampoEntidadeLeve';
import { buscarInteressados, buscarResponsaveis } from './api';
import type { CampoFiltro, ValoresFiltros } from './filtros-url';
import { MENSAGENS_INTERESSADO, MENSAGENS_RESPONSAVEL } from './textos';

/** A pair of search filters: a kind of entity and the entity of that kind. */
interface DescricaoFiltroEntidade {
  /** The kind's filter and the entity's, with the ids of their fields and their labels. */
  campos: readonly [CampoFiltro, CampoFiltro];
  ids: readonly [string, string];
  rotulos: readonly [string, string];
  rotuloDoTipo: (nome: string) => string;
  consulta: Pick<CampoEntidadeProps, 'buscar' | 'mensagens' | 'chaveConsulta' | 'minimoTermo'>;
}

export const FILTRO_INTERESSADO: DescricaoFiltroEntidade = {
  campos: ['tipoInteressado', 'idInteressado'],
  ids: ['filtro-tipo-interessado', 'filtro-interessado'],
  rotulos: ['Tipo de interessado', 'Interessado'],
  rotuloDoTipo: rotuloTipoInteressado,
  consulta: {
    buscar: buscarInteressados,
    mensagens: MENSAGENS_INTERESSADO,
    chaveConsulta: 'interessados',
    minimoTermo: MINIMO_CARACTERES_NOME_INTERESSADO,
  },
};

export const FILTRO_RESPONSAVEL: DescricaoFiltroEntidade = {
  rotulos: ['Tipo de responsável pela tramitação', 'Responsável pela tramitação'],
  campos: ['tipoResponsavelTramitacao', 'idResponsavelTramitacao'],
  ids: ['filtro-tipo-responsavel', 'filtro-responsavel'],
  consulta: { buscar: buscarResponsaveis, mensagens: MENSAGENS_RESPONSAVEL, chaveConsulta: 'responsaveis-tramitacao' },
  rotuloDoTipo: rotuloTipoResponsavel,
};

export function numero(texto: string): number | null {
  return /^-?\d+$/.test(texto) ? Number(texto) : null;
}

interface FiltroEntidadeProps {
  descricao: DescricaoFiltroEntidade;
  /** The kinds offered, each with its code and name; a chosen code not (yet) among them shows as none. */
  tipos: readonly { codigo: string; nome: string }[] | undefined;
  valores: ValoresFiltros;
  mudar: (alteracoes: Partial<Record<CampoFiltro, string | number | null>>) => void;
  /** The filter the broken search rule is about: the entity is marked invalid when it is the one. */
  campoComErro: string | undefined;
}

/** A kind of entity ("Nenhum" first) and, beside it, the entity of that kind; a new kind clears the entity. */
export function FiltroEntidade({ descricao, tipos, valores, mudar, campoComErro }: FiltroEntidadeProps) {
  const [campoTipo, campoEntidade] = descricao.campos;
  const [idTipo, idEntidade] = descricao.ids;
  const [rotuloTipo, rotuloEntidade] = descricao.rotulos;
  const tipo = valores[campoTipo];
  return (
    <>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          select
          id={idTipo}
          label={rotuloTipo}
          fullWidth
          value={tipos?.some((opcao) => opcao.codigo === tipo) ? tipo : ''}
          onChange={(evento) => mudar({ [campoTipo]: evento.target.value, [campoEntidade]: null })}
        >
          <MenuItem value="">
            <em>Nenhum</em>
          </MenuItem>
          {(tipos ?? []).map((opcao) => (
            <MenuItem key={opcao.codigo} value={opcao.codigo}>
              {descricao.rotuloDoTipo(opcao.nome)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <CampoEntidadeLeve
          id={idEntidade}
          rotulo={rotuloEntidade}
          tipo={tipo || null}
          valor={numero(valores[campoEntidade])}
          aoMudar={(entidade) => mudar({ [campoEntidade]: entidade?.id ?? null })}
          {...descricao.consulta}
          erro={campoComErro === campoEntidade}
        />
      </Grid>
    </>
  );
}
