import { zodResolver } from '@hookform/resolvers/zod';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { Alert, Button, Paper, Step, StepLabel, Stepper, Typography } from '@mui/material';
import {
  type CandidatoJuntada,
  MENSAGENS,
  TIPO_JUNTADA_ANEXAR,
  TIPO_JUNTADA_APENSAR,
  type TipoAgregacao,
} from '@tramite/shared';
import { type FormEvent, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AbasDocumento } from '../../components/AbasDocumento';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { EtapaAssistente, useAssistente } from '../../components/EtapaAssistente';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoOpcoesControlado } from '../../components/formulario/CampoOpcoesControlado';
import { Pagina } from '../../components/Pagina';
import { ErroHttp, mensagemDoErro } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useDocumentoDaRotaComDados } from '../documentos/api';
import { buscarCandidatos, useJuntar } from './api';
import { EtapaDocumentoJuntada } from './EtapaDocumentoJuntada';
import { CAMPOS_INICIAIS, type CamposJuntada, juntadaSchema, TEXTOS } from './formulario-juntada';

const PASSOS = ['Tipo de juntada', 'Documento', 'Confirmação'] as const;

const ACOES: Record<TipoAgregacao, { rotulo: string; verbo: string; descricao: string }> = {
  ANEXACAO: {
    rotulo: 'Anexar',
    verbo: 'anexado',
    descricao: 'O documento passa a fazer parte deste processo; a anexação pode ser desfeita depois (desanexar).',
  },
  APENSACAO: {
    rotulo: 'Apensar',
    verbo: 'apensado',
    descricao: 'O documento acompanha este, mas mantém sua identidade e pode ser desapensado depois.',
  },
};

const OPCOES_TIPO = (Object.keys(ACOES) as TipoAgregacao[]).map((chave) => ({
  valor: chave,
  rotulo: (
    <span>
      <strong>{ACOES[chave].rotulo}</strong> — {ACOES[chave].descricao}
    </span>
  ),
}));

/** Spec §8 "Joining": a 500 shows the server's message; any other failure, the generic one. */
function mensagemErroJuntada(erro: unknown): string {
  return erro instanceof ErroHttp && erro.status === 500 && erro.mensagemServidor
    ? erro.mensagemServidor
    : MENSAGENS.juntada.erroDesconhecido;
}

/**
 * Spec §2, §4 and §5 "Joining": attach (anexar, tipo X) or append (apensar) another document of the user's unit to
 * this one. Starts at step 1; after a success the user goes to the document's information screen.
 */
export function JuntadaDocumentosPage() {
  const { documentId, idDocumento, documento } = useDocumentoDaRotaComDados();
  const juntar = useJuntar(idDocumento ?? 0);
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  useErroConsulta(documento.error, (erro) => mensagemDoErro(erro, TEXTOS.erroDocumento));

  const { passo, irPara, erro, setErro, refTitulo } = useAssistente();
  const formulario = useForm<CamposJuntada>({
    resolver: zodResolver(juntadaSchema),
    defaultValues: CAMPOS_INICIAIS,
    shouldFocusError: false,
  });
  const { control, getValues, setValue, trigger } = formulario;
  const [tipo, idEscolhido] = useWatch({ control, name: ['tipo', 'idDocumento'] });
  const [candidatos, setCandidatos] = useState<CandidatoJuntada[] | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const selecionado = candidatos?.find((candidato) => candidato.idDocumento === idEscolhido) ?? null;
  const etapa = (indice: number) => ({ passos: PASSOS, indice, refTitulo });

  /** The next step once the step's own field passes the schema; otherwise its message shows on the step. */
  async function avancar(evento: FormEvent, campo: 'tipo' | 'idDocumento', proximo: number) {
    evento.preventDefault();
    if (await trigger(campo)) irPara(proximo);
    else setErro(formulario.getFieldState(campo).error?.message ?? null);
  }

  async function buscar() {
    if (idDocumento === null) return;
    const texto = getValues('numero').trim();
    setValue('idDocumento', null);
    if (!/\d/.test(texto)) {
      setCandidatos(null);
      setErro(MENSAGENS.juntada.numeroObrigatorio);
      return;
    }
    try {
      const lista = await executar('Buscando documentos', () => buscarCandidatos(idDocumento, texto));
      setCandidatos(lista);
      setErro(null);
      if (lista.length === 1) setValue('idDocumento', lista[0]?.idDocumento ?? null);
    } catch (falha) {
      setCandidatos([]);
      const mensagem =
        falha instanceof ErroHttp && falha.status === 404
          ? MENSAGENS.juntada.nenhumCandidato
          : mensagemDoErro(falha, TEXTOS.erroBusca);
      setErro(mensagem);
      snackbar.erro(mensagem);
    }
  }

  async function confirmar() {
    if (!selecionado || !tipo) return;
    try {
      await executar('Juntando documentos', () =>
        juntar.mutateAsync({
          idDocumento: selecionado.idDocumento,
          tipoAgregacao: tipo === 'ANEXACAO' ? TIPO_JUNTADA_ANEXAR : TIPO_JUNTADA_APENSAR,
        }),
      );
      setConfirmando(false);
      snackbar.sucesso(MENSAGENS.juntada.juntados);
      navigate(`/documentos/${idDocumento}`);
    } catch (falha) {
      setConfirmando(false);
      snackbar.erro(mensagemErroJuntada(falha));
    }
  }

  const numeroPai = documento.data?.numero ?? '';
  const acao = tipo ? ACOES[tipo] : null;

  return (
    <Pagina
      titulo="Juntada de documentos"
      descricao={numeroPai ? `Anexe ou apense outro documento ao documento ${numeroPai}.` : undefined}
    >
      <AbasDocumento documentId={documentId} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stepper activeStep={passo} alternativeLabel sx={{ mb: 4 }}>
          {PASSOS.map((rotulo) => (
            <Step key={rotulo}>
              <StepLabel>{rotulo}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {erro ? (
          <Alert severity="error" sx={{ mb: 3 }} role="alert">
            {erro}
          </Alert>
        ) : null}

        <FormProvider {...formulario}>
          {passo === 0 ? (
            <EtapaAssistente {...etapa(0)} aoEnviar={(evento) => avancar(evento, 'tipo', 1)}>
              <CampoOpcoesControlado
                control={control}
                name="tipo"
                rotulo="Tipo de juntada"
                opcoes={OPCOES_TIPO}
                aoMudar={() => setErro(null)}
              />
            </EtapaAssistente>
          ) : null}

          {passo === 1 ? (
            <EtapaAssistente
              {...etapa(1)}
              aoEnviar={(evento) => avancar(evento, 'idDocumento', 2)}
              aoVoltar={() => irPara(0)}
            >
              <EtapaDocumentoJuntada
                candidatos={candidatos}
                aoBuscar={() => void buscar()}
                aoEscolher={() => setErro(null)}
              />
            </EtapaAssistente>
          ) : null}
        </FormProvider>

        {passo === 2 && acao && selecionado ? (
          <EtapaAssistente
            {...etapa(2)}
            aoEnviar={(evento) => {
              evento.preventDefault();
              setConfirmando(true);
            }}
            aoVoltar={() => irPara(1)}
            botaoEnviar={
              <Button type="submit" variant="contained" startIcon={<LinkOutlined />}>
                {acao.rotulo}
              </Button>
            }
          >
            <Typography>
              O documento <strong>{selecionado.numero}</strong> ({selecionado.tipo}) será {acao.verbo} ao documento{' '}
              <strong>{numeroPai}</strong>.
            </Typography>
          </EtapaAssistente>
        ) : null}
      </Paper>
      <DialogoConfirmacao
        aberto={confirmando}
        titulo={acao ? `${acao.rotulo} documento` : 'Juntar documento'}
        ocupado={juntar.isPending}
        aoCancelar={() => setConfirmando(false)}
        aoConfirmar={confirmar}
      >
        Confirma que o documento {selecionado?.numero} será {acao?.verbo} ao documento {numeroPai}?
      </DialogoConfirmacao>
    </Pagina>
  );
}
