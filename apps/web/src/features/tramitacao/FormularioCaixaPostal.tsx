import { Box, Checkbox, Grid, Paper } from '@mui/material';
import { MENSAGENS_CAIXA_POSTAL, MENSAGENS_LOOKUPS, SITUACOES_PRAZO } from '@tramite/shared';
import { CampoDataLeve } from '../../components/CampoDataLeve';
import { CampoTextoLeve } from '../../components/CampoTextoLeve';
import { IntervaloDatas } from '../../components/IntervaloDatas';
import { ListaSuspensa } from '../../components/ListaSuspensa';
import { RodapeBusca } from '../../components/RodapeBusca';
import { SelecaoPorIdLeve } from '../../components/SelecaoPorIdLeve';
import { ErroHttp } from '../../lib/api';
import type { PropsFormularioFiltros } from '../../lib/estado-url';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useTiposDocumentos } from '../tipos-documentos/api';
import { useUnidadesCaixaPostal } from './api';
import { type CampoFiltroCaixa, ROTULOS_SITUACAO_PRAZO, type ValoresFiltrosCaixa } from './filtros-caixa';

const OPCOES_PRAZO = [
  { valor: '', rotulo: 'Todos' },
  ...SITUACOES_PRAZO.map((situacao) => ({ valor: situacao, rotulo: ROTULOS_SITUACAO_PRAZO[situacao] })),
];

/** `erro`: the broken rule of spec §5. */
type FormularioCaixaPostalProps = PropsFormularioFiltros<ValoresFiltrosCaixa>;

function numero(texto: string): number | null {
  return /^\d+$/.test(texto) ? Number(texto) : null;
}

/** Spec §8: a 400 on the types has its own message; any other failure the generic one. */
function mensagemErroTipos(erro: unknown): string {
  return erro instanceof ErroHttp && erro.status === 400
    ? MENSAGENS_CAIXA_POSTAL.tiposInvalidos
    : MENSAGENS_LOOKUPS.erroBuscarTiposDocumento;
}

/**
 * The postal-box filters of spec §2: document number, document type, current unit and a date range; issue 20 adds
 * the state of the deadline and "only suspended".
 */
export function FormularioCaixaPostal({ valores, aoMudar, aoBuscar, aoLimpar, erro }: FormularioCaixaPostalProps) {
  const tipos = useTiposDocumentos();
  const unidades = useUnidadesCaixaPostal();
  useErroConsulta(tipos.error, mensagemErroTipos);
  useErroConsulta(unidades.error, MENSAGENS_CAIXA_POSTAL.erroUnidadesAutorizadas);

  const mudar = (alteracoes: Partial<Record<CampoFiltroCaixa, string | number | null>>) => {
    // The values are the text the URL carries: a number as its digits, none as ''.
    const textos = Object.entries(alteracoes).map(([campo, valor]) => [campo, valor === null ? '' : String(valor)]);
    aoMudar({ ...valores, ...Object.fromEntries(textos) });
  };
  const erroDatas = erro === MENSAGENS_CAIXA_POSTAL.dataIncompleta || erro === MENSAGENS_CAIXA_POSTAL.filtroObrigatorio;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Box
        component="form"
        noValidate
        role="search"
        aria-label="Filtros da caixa postal"
        onSubmit={(evento) => {
          evento.preventDefault();
          aoBuscar();
        }}
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <CampoTextoLeve
              id="caixa-numero-documento"
              label="Número do documento"
              fullWidth
              value={valores.numeroDocumento}
              onChange={(evento) => mudar({ numeroDocumento: evento.target.value })}
              error={erro === MENSAGENS_CAIXA_POSTAL.filtroObrigatorio}
              slotProps={{ htmlInput: { maxLength: 40 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <SelecaoPorIdLeve
              id="caixa-tipo-documento"
              rotulo="Tipo de documento"
              opcoes={tipos.data ?? []}
              valor={numero(valores.idTipoDocumento)}
              aoMudar={(valor) => mudar({ idTipoDocumento: valor })}
              rotuloOpcao={(tipo) => tipo.descricao}
              carregando={tipos.isLoading}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <ListaSuspensa
              id="caixa-unidade-atual"
              rotulo="Unidade"
              valor={
                (unidades.data ?? []).some((unidade) => String(unidade.id) === valores.idUnidadeAtual)
                  ? valores.idUnidadeAtual
                  : ''
              }
              opcoes={(unidades.data ?? []).map((unidade) => ({
                valor: String(unidade.id),
                rotulo: `${unidade.sigla} — ${unidade.nome}`,
              }))}
              aoMudar={(valor) => mudar({ idUnidadeAtual: valor })}
              erro={unidades.isError}
              textoAjuda={unidades.isError ? MENSAGENS_CAIXA_POSTAL.erroUnidadesAutorizadas : undefined}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 8 }}>
            <IntervaloDatas
              Campo={CampoDataLeve}
              legenda="Data de envio (ou de criação, para documentos em criação)"
              rotuloInicio="Data inicial"
              rotuloFim="Data final"
              valor={{ inicio: valores.dataInicio, fim: valores.dataFim }}
              aoMudar={({ inicio, fim }) => mudar({ dataInicio: inicio, dataFim: fim })}
              erro={erroDatas}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 2 }}>
            <ListaSuspensa
              id="caixa-situacao-prazo"
              rotulo="Prazo"
              valor={valores.situacaoPrazo}
              opcoes={OPCOES_PRAZO}
              aoMudar={(valor) => mudar({ situacaoPrazo: valor })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 2 }} sx={{ display: 'flex', alignItems: 'center' }}>
            {/* A plain label, not FormControlLabel: this form is on the first screen, whose bundle is counted. */}
            <Box
              component="label"
              htmlFor="caixa-sobrestados"
              sx={{ display: 'flex', alignItems: 'center', cursor: 'pointer' }}
            >
              <Checkbox
                id="caixa-sobrestados"
                checked={valores.sobrestados === 'true'}
                onChange={(evento) => mudar({ sobrestados: evento.target.checked ? 'true' : '' })}
              />
              Somente sobrestados
            </Box>
          </Grid>
        </Grid>
        <RodapeBusca erro={erro} testIdErro="erro-caixa-postal" aoLimpar={aoLimpar} />
      </Box>
    </Paper>
  );
}
