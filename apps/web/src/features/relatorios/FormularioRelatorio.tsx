import { zodResolver } from '@hookform/resolvers/zod';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { Alert, Autocomplete, Button, Chip, Grid, Link, Paper, Stack, TextField } from '@mui/material';
import { MENSAGENS, type TipoRelatorio, type UnidadeRelatorio } from '@tramite/shared';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Formulario } from '../../components/formulario/Formulario';
import { ErroHttp } from '../../lib/api';
import { criarUrlPdf, liberarUrl } from '../../lib/download';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { gerarRelatorio, useUnidadesRelatorio } from './api';
import { CampoDataHora } from './CampoDataHora';
import {
  type CamposRelatorio,
  camposIniciais,
  type FiltrosRelatorio,
  limite,
  relatorioSchema,
} from './formulario-relatorio';

interface RelatorioPronto {
  url: string;
  nomeArquivo: string;
}

const rotuloUnidade = (unidade: UnidadeRelatorio) => `${unidade.sigla} — ${unidade.nome}`;

/**
 * Answers whose message tells the user what to do: a refused request (400), a report past the time or memory limit
 * (422), too many reports at once (429), a busy server (503).
 */
const STATUS_COM_MENSAGEM = new Set([400, 422, 429, 503]);

/** The server's message for those; the specification's message for any other failure. */
function mensagemFalha(erro: unknown): string {
  return erro instanceof ErroHttp && STATUS_COM_MENSAGEM.has(erro.status) && erro.mensagemServidor
    ? erro.mensagemServidor
    : MENSAGENS.relatorios.erroGerarPdf;
}

/**
 * The form both report screens share (spec §2 and §5): one or more origin units and a time range, checked with the
 * shared rule, then the PDF is generated under the global loading indicator and opened in a new tab. When the
 * browser blocks the tab, the links under the form open or save the same file.
 */
export function FormularioRelatorio({ tipo }: { tipo: TipoRelatorio }) {
  const id = useId();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const unidades = useUnidadesRelatorio(tipo);
  useErroConsulta(unidades.error, MENSAGENS.relatorios.erroCarregarUnidades);
  const formulario = useForm<CamposRelatorio, unknown, FiltrosRelatorio>({
    resolver: zodResolver(relatorioSchema),
    defaultValues: camposIniciais(),
    shouldFocusError: false,
  });
  const { control, formState } = formulario;
  const [escolhidas, inicio, fim] = useWatch({ control, name: ['unidades', 'inicio', 'fim'] });
  const [pronto, setPronto] = useState<RelatorioPronto | null>(null);

  // A generated file lives until the next one or until the user leaves the screen.
  useEffect(() => () => (pronto ? liberarUrl(pronto.url) : undefined), [pronto]);

  async function gerar(filtros: FiltrosRelatorio) {
    try {
      const { blob, nomeArquivo } = await executar('Gerando o relatório', () => gerarRelatorio(tipo, filtros));
      const url = criarUrlPdf(blob);
      setPronto({ url, nomeArquivo: nomeArquivo ?? `relatorio-${tipo}.pdf` });
      window.open(url, '_blank');
    } catch (falha) {
      snackbar.erro(mensagemFalha(falha));
    }
  }

  // The rule's message stays until the next try; the fields it names are marked while they are still wrong.
  const erro = formState.errors.root?.message ?? null;
  const erroUnidades = erro === MENSAGENS.relatorios.filtroObrigatorio && escolhidas.length === 0;
  const erroDatas =
    erro === MENSAGENS.relatorios.dataHoraInvalida ||
    erro === MENSAGENS.relatorios.fimAntesDoInicio ||
    (erro === MENSAGENS.relatorios.filtroObrigatorio && (!limite(inicio) || !limite(fim)));

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Formulario formulario={formulario} aoEnviar={gerar} aria-label="Filtros do relatório">
        <Grid container spacing={2}>
          <Grid size={12}>
            <Controller
              name="unidades"
              control={control}
              render={({ field }) => (
                <Autocomplete
                  multiple
                  id={`${id}-unidades`}
                  options={unidades.data ?? []}
                  value={field.value}
                  onChange={(_evento, valor) => field.onChange(valor)}
                  onBlur={field.onBlur}
                  groupBy={(unidade) => (unidade.lotacao ? 'Minhas lotações' : 'Demais unidades')}
                  getOptionLabel={rotuloUnidade}
                  getOptionKey={(unidade) => unidade.id}
                  isOptionEqualToValue={(opcao, outra) => opcao.id === outra.id}
                  filterSelectedOptions
                  loading={unidades.isLoading}
                  loadingText="Carregando…"
                  noOptionsText="Nenhuma unidade encontrada"
                  data-testid="relatorio-unidades"
                  renderValue={(valor, obterPropriedades) =>
                    valor.map((unidade, indice) => {
                      const { key, ...propriedades } = obterPropriedades({ index: indice });
                      return (
                        <Chip key={key} label={unidade.sigla} title={unidade.nome} size="small" {...propriedades} />
                      );
                    })
                  }
                  renderInput={(parametros) => (
                    <TextField
                      {...parametros}
                      label="Unidades de procedência"
                      placeholder={escolhidas.length ? undefined : 'Digite a sigla ou o nome'}
                      required
                      error={erroUnidades}
                    />
                  )}
                />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
            <CampoDataHora
              control={control}
              name="inicio"
              id={`${id}-inicio`}
              rotulo="Data e hora inicial"
              erro={erroDatas}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
            <CampoDataHora control={control} name="fim" id={`${id}-fim`} rotulo="Data e hora final" erro={erroDatas} />
          </Grid>
        </Grid>
        {erro ? (
          <Alert severity="error" data-testid="erro-relatorio" role="status" sx={{ mt: 2 }}>
            {erro}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<PictureAsPdfOutlined />}
            disabled={formState.isSubmitting}
          >
            Gerar relatório
          </Button>
          {pronto ? (
            <Stack direction="row" spacing={2} role="status" data-testid="relatorio-pronto">
              <Link href={pronto.url} target="_blank" rel="noopener">
                Abrir o relatório gerado
              </Link>
              <Link href={pronto.url} download={pronto.nomeArquivo}>
                Baixar ({pronto.nomeArquivo})
              </Link>
            </Stack>
          ) : null}
        </Stack>
      </Formulario>
    </Paper>
  );
}
