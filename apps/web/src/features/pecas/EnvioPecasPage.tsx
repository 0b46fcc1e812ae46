import { zodResolver } from '@hookform/resolvers/zod';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, Link, Skeleton, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  camposEnvioPecaSchema,
  descreverTamanho,
  exigeHipoteseLegal,
  MENSAGENS,
  tamanhoMaximoArquivo,
  tipoPelaExtensao,
} from '@tramite/shared';
import { useId, useRef, useState } from 'react';
import { FormProvider, type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { AbasDocumento } from '../../components/AbasDocumento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { Pagina } from '../../components/Pagina';
import { motivoFalhaEnvio } from '../../lib/envio-arquivo';
import { useUsuario } from '../../lib/sessao';
import { useAvisoSaida } from '../../lib/use-aviso-saida';
import { useDocumentoDaRota } from '../../lib/use-documento-da-rota';
import { useDocumento, useHipotesesLegais } from '../documentos/api';
import { useTiposDocumentos } from '../tipos-documentos/api';
import { AreaArquivos } from './AreaArquivos';
import { motivoSemAlteracao } from './alteracao';
import { chavesPecas, enviarPeca } from './api';
import { type ArquivoEnvio, type CamposEnvio, LinhaArquivoEnvio } from './LinhaArquivoEnvio';
import { TEXTOS } from './textos';

function problemaDoArquivo(arquivo: File, limite: number): string | null {
  if (arquivo.size > limite) return MENSAGENS.arquivos.arquivoGrande(descreverTamanho(limite));
  if (!tipoPelaExtensao(arquivo.name)) return MENSAGENS.arquivos.extensaoNaoReconhecida;
  return null;
}

/** Stands for a file already sent: it is not checked again. */
const CAMPOS_NAO_CONFERIDOS = { tipoCopia: 'N', nivelAcesso: 'P', idHipoteseLegal: null, descricao: null };

/**
 * What the server asks with each file (camposEnvioPecaSchema). The schema checks the legal hypothesis once the other
 * fields are right; here it is also said to be missing while the copy type is, so every missing field shows at once.
 */
const camposArquivoSchema = camposEnvioPecaSchema.superRefine(
  ({ nivelAcesso, idHipoteseLegal }, contexto) => {
    if (exigeHipoteseLegal(nivelAcesso) && (idHipoteseLegal ?? null) === null) {
      contexto.addIssue({ code: 'custom', path: ['idHipoteseLegal'], message: MENSAGENS.arquivos.hipoteseObrigatoria });
    }
  },
  { when: (verificacao) => verificacao.issues.length > 0 },
);

/** Spec §5 "Files": each file still to send needs its fields. */
const envioSchema = z.object({
  arquivos: z.array(
    z.preprocess(
      (arquivo: ArquivoEnvio) => (arquivo.estado === 'enviado' ? CAMPOS_NAO_CONFERIDOS : arquivo),
      camposArquivoSchema,
    ),
  ),
});

/** Spec §2 and §5: several files at once, each with its copy type, access level and restriction reason. */
export function EnvioPecasPage() {
  const { documentId, idDocumento } = useDocumentoDaRota();
  const prefixo = useId();
  const usuario = useUsuario();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const documento = useDocumento(idDocumento);
  const hipoteses = useHipotesesLegais();
  const tipos = useTiposDocumentos({ paraPecas: true });
  const proximaChave = useRef(0);
  const [enviando, setEnviando] = useState(false);
  const [resumo, setResumo] = useState<{ enviados: number; total: number } | null>(null);
  const formulario = useForm<CamposEnvio>({
    resolver: zodResolver(envioSchema, undefined, { raw: true }),
    defaultValues: { arquivos: [] },
    shouldFocusError: false,
  });
  const { control, setValue, reset } = formulario;
  const { fields: itens, append, remove } = useFieldArray({ control, name: 'arquivos' });
  const pendentes = useWatch({ control, name: 'arquivos' }).filter((item) => item.estado !== 'enviado').length;

  const aviso = useAvisoSaida(
    enviando || pendentes > 0,
    enviando
      ? 'O envio em andamento será interrompido: os arquivos que ainda não chegaram ao servidor serão perdidos.'
      : 'Os arquivos selecionados ainda não foram enviados e serão perdidos.',
  );

  const limite = tamanhoMaximoArquivo(documento.data?.estado['32005']);
  const motivo = motivoSemAlteracao(documento.data, usuario) ?? null;

  function adicionar(arquivos: FileList | null) {
    if (!arquivos?.length) return;
    append(
      Array.from(arquivos, (arquivo): ArquivoEnvio => {
        proximaChave.current += 1;
        return {
          chave: proximaChave.current,
          arquivo,
          descricao: '',
          tipoCopia: null,
          nivelAcesso: 'P',
          idHipoteseLegal: null,
          idTipoDocumento: null,
          problema: problemaDoArquivo(arquivo, limite),
          estado: 'pendente',
          progresso: 0,
          erro: null,
        };
      }),
      { shouldFocus: false },
    );
    setResumo(null);
  }

  const atualizar = (indice: number, mudanca: Partial<ArquivoEnvio>) => {
    for (const [campo, valor] of Object.entries(mudanca)) {
      setValue(`arquivos.${indice}.${campo}` as Path<CamposEnvio>, valor);
    }
  };

  async function enviarTodos({ arquivos }: CamposEnvio) {
    if (idDocumento === null) return;
    // A sending that passed the check starts afresh: files listed afterwards are checked at the next one, as before.
    reset(undefined, { keepValues: true, keepDefaultValues: true, keepFieldsRef: true });
    setEnviando(true);
    const pendentes = arquivos.flatMap((item, indice) => (item.estado === 'enviado' ? [] : [{ item, indice }]));
    const falhas: string[] = [];
    let enviados = 0;
    // One after the other, in the order of the list: the peças get their numbers in that order.
    for (const { item, indice } of pendentes) {
      const nome = item.arquivo.name;
      if (item.problema) {
        const erro = `${MENSAGENS.arquivos.naoEnviado(nome)}${item.problema}`;
        atualizar(indice, { estado: 'falhou', erro, progresso: 0 });
        falhas.push(erro);
        continue;
      }
      atualizar(indice, { estado: 'enviando', progresso: 0, erro: null });
      try {
        await enviarPeca(
          idDocumento,
          item.arquivo,
          {
            tipoCopia: item.tipoCopia ?? 'N',
            nivelAcesso: item.nivelAcesso,
            idHipoteseLegal: item.idHipoteseLegal,
            descricao: item.descricao,
            idTipoDocumento: item.idTipoDocumento,
          },
          ({ percentual }) => atualizar(indice, { progresso: percentual }),
        );
        atualizar(indice, { estado: 'enviado', progresso: 100 });
        enviados += 1;
      } catch (erro) {
        const mensagem = `${MENSAGENS.arquivos.naoEnviado(nome)}${motivoFalhaEnvio(erro)}`;
        atualizar(indice, { estado: 'falhou', erro: mensagem });
        falhas.push(mensagem);
      }
    }
    setEnviando(false);
    setResumo({ enviados, total: pendentes.length });
    await queryClient.invalidateQueries({ queryKey: chavesPecas.pecas(idDocumento) });
    if (falhas[0]) snackbar.erro(falhas[0]);
    else
      snackbar.sucesso(enviados === 1 ? '1 arquivo enviado com sucesso' : `${enviados} arquivos enviados com sucesso`);
  }

  // Not a <form>: Enter in a description must not send every file. A file the server would refuse anyway (size,
  // extension) shows what it lacks but does not hold the others back: it fails on its own when they are sent.
  const enviar = formulario.handleSubmit(enviarTodos, (erros) => {
    const arquivos = formulario.getValues('arquivos');
    const incompleto = arquivos.find((arquivo, posicao) => erros.arquivos?.[posicao] && !arquivo.problema);
    if (incompleto) snackbar.erro(MENSAGENS.arquivos.camposNaoDefinidos(incompleto.arquivo.name));
    else return enviarTodos({ arquivos });
  });
  const numero = documento.data?.numero;
  const urlPecas = `/documentos/${encodeURIComponent(documentId)}/pecas`;

  return (
    <Pagina
      titulo={TEXTOS.tituloEnvio}
      tituloDocumento={numero ? `Envio de peças — ${numero}` : TEXTOS.tituloEnvio}
      descricao={numero ? `Documento ${numero}` : undefined}
    >
      <AbasDocumento documentId={documentId} />
      {documento.error || idDocumento === null ? (
        <Alert severity="error" role="status">
          {MENSAGENS.autuacao.erroBuscarDadosDocumento}
        </Alert>
      ) : null}
      {documento.isLoading ? <Skeleton variant="rounded" height={160} /> : null}
      {motivo ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="aviso-envio">
          {motivo}
        </Alert>
      ) : null}
      {documento.data ? (
        <Stack spacing={3}>
          <AreaArquivos limite={limite} enviando={enviando} semAlteracao={motivo !== null} aoEscolher={adicionar} />

          {itens.length > 0 ? (
            <Box component="section" aria-labelledby={`${prefixo}-lista`}>
              <Typography id={`${prefixo}-lista`} component="h2" variant="h6" sx={{ mb: 2 }}>
                Arquivos selecionados
              </Typography>
              <FormProvider {...formulario}>
                <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
                  {itens.map((item, indice) => (
                    <LinhaArquivoEnvio
                      key={item.chave}
                      indice={indice}
                      hipoteses={hipoteses.data ?? []}
                      carregandoHipoteses={hipoteses.isLoading}
                      tipos={tipos.data ?? []}
                      bloqueado={enviando}
                      aoRemover={() => remove(indice)}
                    />
                  ))}
                </Stack>
              </FormProvider>
            </Box>
          ) : null}

          {resumo ? (
            <Alert
              severity={resumo.enviados === resumo.total ? 'success' : 'warning'}
              role="status"
              data-testid="resumo-envio"
            >
              {resumo.enviados} de {resumo.total} {resumo.total === 1 ? 'arquivo enviado' : 'arquivos enviados'}.{' '}
              <Link component={RouterLink} to={urlPecas}>
                {TEXTOS.voltarPecas}
              </Link>
            </Alert>
          ) : null}

          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              onClick={enviar}
              disabled={enviando || pendentes === 0 || motivo !== null}
              startIcon={<UploadFileOutlined />}
            >
              {enviando ? 'Enviando…' : 'Enviar arquivos'}
            </Button>
            <Button component={RouterLink} to={urlPecas} disabled={enviando}>
              {TEXTOS.voltarPecas}
            </Button>
          </Stack>
        </Stack>
      ) : null}
      {aviso.dialogo}
    </Pagina>
  );
}
