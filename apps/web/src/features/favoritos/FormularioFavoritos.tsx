import ClearOutlined from '@mui/icons-material/ClearOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { Alert, Button, Grid, Paper, Stack } from '@mui/material';
import { MENSAGENS, RESUMO_ASSUNTO_MINIMO } from '@tramite/shared';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { CampoData } from '../../components/CampoData';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { Formulario } from '../../components/formulario/Formulario';
import { IntervaloDatasControlado } from '../../components/formulario/IntervaloDatasControlado';
import { primeiraMensagem } from '../../components/formulario/primeira-mensagem';
import { SelecaoPorIdControlada } from '../../components/formulario/SelecaoPorIdControlada';
import { SelecaoPorId } from '../../components/SelecaoPorId';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useTiposDocumentos } from '../tipos-documentos/api';
import type { CamposFavoritos } from './filtros-favoritos';

const ID_ERRO_FILTROS = 'erro-filtros-favoritos';

interface FormularioFavoritosProps {
  formulario: UseFormReturn<CamposFavoritos>;
  aoFiltrar: (filtros: CamposFavoritos) => void;
  aoLimpar: () => void;
  /** The message of the filters' rules, from the form or from the URL. */
  erro: string | null;
}

/** Spec §2 "Favourites": last-change date range, document summary and document type. */
export function FormularioFavoritos({ formulario, aoFiltrar, aoLimpar, erro }: FormularioFavoritosProps) {
  // The same list of types as the document search.
  const tipos = useTiposDocumentos({ todosTipos: true, incluirInativos: true });
  useErroConsulta(tipos.error, MENSAGENS.lookups.erroBuscarTiposDocumento);
  const snackbar = useSnackbar();
  const { control } = formulario;
  const [inicio, fim, resumoDigitado] = useWatch({
    control,
    name: ['dataInicioUltimaAlteracao', 'dataFimUltimaAlteracao', 'resumoDocumento'],
  });
  const resumo = resumoDigitado.trim();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Formulario
        formulario={formulario}
        aoEnviar={aoFiltrar}
        aoInvalidar={(erros) => snackbar.erro(primeiraMensagem(erros) ?? MENSAGENS.geral.parametrosInvalidos)}
        aria-label="Filtros dos favoritos"
        aria-describedby={erro ? ID_ERRO_FILTROS : undefined}
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <IntervaloDatasControlado
              Campo={CampoData}
              control={control}
              nomeInicio="dataInicioUltimaAlteracao"
              nomeFim="dataFimUltimaAlteracao"
              legenda="Data da última alteração"
              rotuloInicio="Última alteração inicial"
              rotuloFim="Última alteração final"
              erro={Boolean(erro) && Boolean(inicio) !== Boolean(fim)}
              testId="periodo-ultima-alteracao"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }} sx={{ alignSelf: 'flex-end' }}>
            <SelecaoPorIdControlada
              Selecao={SelecaoPorId}
              control={control}
              name="idTipoDocumento"
              opcoes={tipos.data ?? []}
              id="favoritos-tipo-documento"
              rotulo="Tipo documental"
              rotuloOpcao={(tipo) => tipo.descricao}
              carregando={tipos.isLoading}
              testId="filtro-tipo-documento"
            />
          </Grid>
          <Grid size={12}>
            <CampoTextoControlado
              control={control}
              name="resumoDocumento"
              id="favoritos-resumo"
              label="Resumo do documento"
              // A summary too short to search by is marked as it is typed.
              erro={resumo.length > 0 && resumo.length < RESUMO_ASSUNTO_MINIMO}
              textoAjuda={`Palavras do resumo do assunto (no mínimo ${RESUMO_ASSUNTO_MINIMO} caracteres)`}
              fullWidth
              maxLength={200}
            />
          </Grid>
        </Grid>
        {erro ? (
          <Alert severity="error" id={ID_ERRO_FILTROS} sx={{ mt: 2 }} data-testid="erro-filtros">
            {erro}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
          <Button type="button" onClick={aoLimpar} startIcon={<ClearOutlined />}>
            Limpar
          </Button>
          <Button type="submit" variant="contained" startIcon={<FilterListOutlined />}>
            Filtrar
          </Button>
        </Stack>
      </Formulario>
    </Paper>
  );
}
