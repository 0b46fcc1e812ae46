import { zodResolver } from '@hookform/resolvers/zod';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import { Alert, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  type AdministracaoTramita,
  AMBIENTES_TRAMITA,
  type AmbienteTramita,
  type ConfiguracaoTramita,
  type ConfiguracaoTramitaFormulario,
  type ConfiguracaoTramitaSalva,
  configuracaoTramitaSchema,
  LIMITES_CONFIGURACAO_TRAMITA,
  MENSAGENS,
  ROTULOS_AMBIENTE_TRAMITA,
  URL_PADRAO_TRAMITA,
} from '@tramite/shared';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { CampoChaveControlado } from '../../components/formulario/CampoChaveControlado';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { Formulario } from '../../components/formulario/Formulario';
import { SelecaoPorIdControlada } from '../../components/formulario/SelecaoPorIdControlada';
import { type TextosSalvamento, useSalvarFormulario } from '../../components/formulario/use-salvar-formulario';
import { SelecaoPorId } from '../../components/SelecaoPorId';
import { consultaUnidadesProcedencia } from '../documentos/api';
import { useSalvarConfiguracaoTramita } from './api';
import { TEXTOS_TRAMITA as T } from './textos';

const SALVAMENTO: TextosSalvamento = {
  titulo: T.salvando,
  sucesso: MENSAGENS.tramita.configuracaoSalva,
  erro: MENSAGENS.tramita.erroSalvar,
};

const CAMPOS: readonly FieldPath<ConfiguracaoTramitaFormulario>[] = [
  'ambiente',
  'urlBase',
  'idRepositorio',
  'numeroEstruturaRaiz',
  'ativo',
  'blocoMb',
  'tamanhoMaximoComponenteMb',
  'intervaloConsultaSegundos',
  'idUnidadeTramita',
  'idTipoDocumentoRecebido',
  'codigoEspeciePadraoEnvio',
  'idTipoPecaPadraoRecebimento',
];

const OPCOES_AMBIENTE = AMBIENTES_TRAMITA.map((ambiente) => ({
  valor: ambiente,
  rotulo: ROTULOS_AMBIENTE_TRAMITA[ambiente].replace(/^./, (letra) => letra.toUpperCase()),
}));

const textoNumero = (valor: number | null) => (valor === null ? '' : String(valor));

/** The saved configuration as the form holds it (numbers as the text typed), or the defaults of a first one. */
function valoresIniciais(configuracao: AdministracaoTramita['configuracao']): ConfiguracaoTramitaFormulario {
  const L = LIMITES_CONFIGURACAO_TRAMITA;
  return {
    ambiente: configuracao?.ambiente ?? 'HOMOLOGACAO',
    urlBase: configuracao?.urlBase ?? URL_PADRAO_TRAMITA.HOMOLOGACAO,
    idRepositorio: configuracao?.idRepositorio ?? null,
    numeroEstruturaRaiz: textoNumero(configuracao?.numeroEstruturaRaiz ?? null),
    ativo: configuracao?.ativo ?? false,
    blocoMb: String(configuracao?.blocoMb ?? 50),
    tamanhoMaximoComponenteMb: String(configuracao?.tamanhoMaximoComponenteMb ?? L.tamanhoMaximoComponenteMb.padrao),
    intervaloConsultaSegundos: String(configuracao?.intervaloConsultaSegundos ?? L.intervaloConsultaSegundos.padrao),
    idUnidadeTramita: configuracao?.idUnidadeTramita ?? null,
    idTipoDocumentoRecebido: configuracao?.idTipoDocumentoRecebido ?? null,
    codigoEspeciePadraoEnvio: configuracao?.codigoEspeciePadraoEnvio ?? null,
    idTipoPecaPadraoRecebimento: configuracao?.idTipoPecaPadraoRecebimento ?? null,
  };
}

interface FormularioConfiguracaoTramitaProps {
  dados: AdministracaoTramita;
}

/** The configuration's fields; saved, an active configuration also syncs the PEN's lists and says how it went. */
export function FormularioConfiguracaoTramita({ dados }: FormularioConfiguracaoTramitaProps) {
  const salvarConfiguracao = useSalvarConfiguracaoTramita();
  const unidades = useQuery(consultaUnidadesProcedencia(true));
  const [sincronizacao, setSincronizacao] = useState<ConfiguracaoTramitaSalva['sincronizacao']>(null);
  const formulario = useForm<ConfiguracaoTramitaFormulario, unknown, ConfiguracaoTramita>({
    resolver: zodResolver(configuracaoTramitaSchema),
    defaultValues: valoresIniciais(dados.configuracao),
  });
  const { control, setError, getValues, setValue, reset, formState } = formulario;
  const salvarFormulario = useSalvarFormulario(CAMPOS, setError, SALVAMENTO);

  const salvar = (valores: ConfiguracaoTramita) => {
    let resposta: ConfiguracaoTramitaSalva | null = null;
    return salvarFormulario(
      async () => {
        resposta = await salvarConfiguracao.mutateAsync(valores);
      },
      () => {
        if (!resposta) return;
        setSincronizacao(resposta.sincronizacao);
        reset(valoresIniciais(resposta.configuracao));
      },
    );
  };

  // Changing the environment brings its usual address, unless another one was typed.
  const trocarAmbiente = (novo: AmbienteTramita | null) => {
    const atual = String(getValues('urlBase') ?? '').trim();
    if (novo && (atual === '' || Object.values(URL_PADRAO_TRAMITA).includes(atual))) {
      setValue('urlBase', URL_PADRAO_TRAMITA[novo]);
    }
  };

  const repositorios = dados.repositorios.map((r) => ({
    valor: r.id,
    rotulo: `${r.nome} (${r.id})${r.ativo ? '' : ' — inativo'}`,
    desabilitada: !r.ativo,
  }));
  const especies = dados.especies
    .filter((e) => e.ativa)
    .map((e) => ({ valor: e.codigo, rotulo: `${e.nome} (${e.codigo})` }));
  const tipos = (processo: boolean) =>
    dados.tiposDocumento
      .filter((tipo) => tipo.processo === processo)
      .map((t) => ({ valor: t.id, rotulo: t.descricao }));
  const numero = { inputMode: 'numeric' } as const;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Formulario formulario={formulario} aoEnviar={salvar} aria-labelledby="titulo-configuracao-tramita">
        <Typography id="titulo-configuracao-tramita" component="h2" variant="h6" sx={{ mb: 2 }}>
          {T.secaoConfiguracao}
        </Typography>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <CampoSelecaoControlado
              control={control}
              name="ambiente"
              id="campo-ambiente-tramita"
              rotulo="Ambiente"
              required
              fullWidth
              opcoes={OPCOES_AMBIENTE}
              aoMudar={trocarAmbiente}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <CampoTextoControlado
              control={control}
              name="urlBase"
              id="campo-url-tramita"
              label="Endereço da API"
              required
              fullWidth
              maxLength={LIMITES_CONFIGURACAO_TRAMITA.urlMaxima}
              atributosEntrada={{ inputMode: 'url', spellCheck: false }}
              textoAjuda={T.ajudaUrl}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <CampoSelecaoControlado
              control={control}
              name="idRepositorio"
              id="campo-repositorio-tramita"
              rotulo="Repositório de estruturas"
              fullWidth
              opcoes={repositorios}
              rotuloVazio={T.nenhum}
              textoAjuda={repositorios.length > 0 ? T.ajudaRepositorio : T.semRepositorios}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <CampoTextoControlado
              control={control}
              name="numeroEstruturaRaiz"
              id="campo-estrutura-tramita"
              label="Estrutura da instituição"
              fullWidth
              maxLength={10}
              atributosEntrada={numero}
              textoAjuda={T.ajudaEstrutura}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <CampoTextoControlado
              control={control}
              name="blocoMb"
              id="campo-bloco-tramita"
              label="Bloco de transferência (MB)"
              required
              fullWidth
              maxLength={3}
              atributosEntrada={numero}
              textoAjuda={T.ajudaBloco}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <CampoTextoControlado
              control={control}
              name="tamanhoMaximoComponenteMb"
              id="campo-tamanho-tramita"
              label="Tamanho máximo de arquivo (MB)"
              required
              fullWidth
              maxLength={4}
              atributosEntrada={numero}
              textoAjuda={T.ajudaTamanho}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <CampoTextoControlado
              control={control}
              name="intervaloConsultaSegundos"
              id="campo-intervalo-tramita"
              label="Intervalo de consulta (segundos)"
              required
              fullWidth
              maxLength={4}
              atributosEntrada={numero}
              textoAjuda={T.ajudaIntervalo}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SelecaoPorIdControlada
              Selecao={SelecaoPorId}
              control={control}
              name="idUnidadeTramita"
              id="campo-unidade-tramita"
              rotulo="Unidade Tramita GOV.BR"
              opcoes={unidades.data ?? []}
              carregando={unidades.isLoading}
              rotuloOpcao={(unidade) => `${unidade.sigla} — ${unidade.nome}`}
              textoAjuda={T.ajudaUnidade}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <CampoSelecaoControlado
              control={control}
              name="idTipoDocumentoRecebido"
              id="campo-tipo-recebido-tramita"
              rotulo="Tipo do processo recebido"
              fullWidth
              opcoes={tipos(true)}
              rotuloVazio={T.nenhum}
              textoAjuda={T.ajudaTipoRecebido}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <CampoSelecaoControlado
              control={control}
              name="idTipoPecaPadraoRecebimento"
              id="campo-tipo-peca-tramita"
              rotulo="Tipo padrão das peças recebidas"
              fullWidth
              opcoes={tipos(false)}
              rotuloVazio={T.semPadrao}
              textoAjuda={T.ajudaTipoPeca}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <CampoSelecaoControlado
              control={control}
              name="codigoEspeciePadraoEnvio"
              id="campo-especie-tramita"
              rotulo="Espécie padrão no envio"
              fullWidth
              opcoes={especies}
              rotuloVazio={T.semPadrao}
              textoAjuda={T.ajudaEspecie}
            />
          </Grid>
          <Grid size={12}>
            <CampoChaveControlado
              control={control}
              name="ativo"
              rotulo="Tramita GOV.BR ativo"
              textoAjuda={T.ajudaAtivo}
              testId="campo-ativo-tramita"
            />
          </Grid>
        </Grid>
        <Stack spacing={2} sx={{ mt: 3 }}>
          {sincronizacao?.erro ? (
            <Alert severity="warning" data-testid="aviso-sincronizacao-tramita">
              {sincronizacao.erro}
            </Alert>
          ) : null}
          {sincronizacao?.resultado ? (
            <Alert severity="success" data-testid="aviso-sincronizacao-tramita">
              {MENSAGENS.tramita.listasSincronizadas}
            </Alert>
          ) : null}
          <Box>
            <Button type="submit" variant="contained" startIcon={<SaveOutlined />} disabled={formState.isSubmitting}>
              {T.salvar}
            </Button>
          </Box>
        </Stack>
      </Formulario>
    </Paper>
  );
}
