import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import {
  alterarPecaSchema,
  type HipoteseLegal,
  MENSAGENS,
  type Peca,
  TAMANHO_MAXIMO_DESCRICAO_PECA,
  TAMANHO_MAXIMO_JUSTIFICATIVA,
} from '@tramite/shared';
import { useId, useState } from 'react';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { mensagemComDetalhe } from '../../lib/api';
import { useAlterarPeca } from './api';
import { CamposAcessoPeca, type ValoresAcesso } from './CamposAcessoPeca';
import { nomePeca } from './textos';

interface DialogoEdicaoPecaProps {
  peca: Peca;
  hipoteses: readonly HipoteseLegal[];
  carregandoHipoteses: boolean;
  aoFechar: () => void;
}

/** Edits a peça's description, copy type, access level and legal hypothesis, with a justification and a confirmation. */
export function DialogoEdicaoPeca({ peca, hipoteses, carregandoHipoteses, aoFechar }: DialogoEdicaoPecaProps) {
  const id = useId();
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const alterar = useAlterarPeca(peca.idDocumento);
  const [descricao, setDescricao] = useState(peca.descricao ?? '');
  const [acesso, setAcesso] = useState<ValoresAcesso>({
    tipoCopia: peca.tipoCopia,
    nivelAcesso: peca.nivelAcesso,
    idHipoteseLegal: peca.idHipoteseLegal,
  });
  const [justificativa, setJustificativa] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [confirmando, setConfirmando] = useState(false);

  const corpo = {
    idAnexo: peca.idAnexo,
    descricao,
    tipoCopia: acesso.tipoCopia ?? undefined,
    nivelAcesso: acesso.nivelAcesso,
    idHipoteseLegal: acesso.idHipoteseLegal,
    justificativaAlteracao: justificativa,
  };

  function pedirConfirmacao() {
    const lido = alterarPecaSchema.safeParse(corpo);
    if (!lido.success) {
      const porCampo: Record<string, string> = {};
      for (const falha of lido.error.issues) porCampo[String(falha.path[0])] ??= falha.message;
      setErros(porCampo);
      snackbar.erro(lido.error.issues[0]?.message ?? MENSAGENS.arquivos.erroAlterarArquivo);
      return;
    }
    setErros({});
    setConfirmando(true);
  }

  async function salvar() {
    try {
      await executar('Salvando o arquivo', () => alterar.mutateAsync({ peca, corpo }));
      snackbar.sucesso(MENSAGENS.arquivos.alterado);
      setConfirmando(false);
      aoFechar();
    } catch (erro) {
      setConfirmando(false);
      snackbar.erro(mensagemComDetalhe(MENSAGENS.arquivos.erroAlterarArquivo, erro));
    }
  }

  return (
    <>
      <Dialog open onClose={aoFechar} aria-labelledby={`${id}-titulo`} fullWidth maxWidth="md">
        <DialogTitle id={`${id}-titulo`}>Editar arquivo</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            Peça {peca.sequencial}: {nomePeca(peca)}
          </DialogContentText>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              id={`${id}-descricao`}
              label="Descrição"
              fullWidth
              value={descricao}
              onChange={(evento) => setDescricao(evento.target.value)}
              slotProps={{ htmlInput: { maxLength: TAMANHO_MAXIMO_DESCRICAO_PECA } }}
            />
            <CamposAcessoPeca
              id={`${id}-acesso`}
              valores={acesso}
              aoMudar={setAcesso}
              hipoteses={hipoteses}
              carregandoHipoteses={carregandoHipoteses}
              mostrarErros={Object.keys(erros).length > 0}
            />
            <TextField
              id={`${id}-justificativa`}
              label="Justificativa da alteração"
              required
              fullWidth
              multiline
              minRows={2}
              value={justificativa}
              onChange={(evento) => setJustificativa(evento.target.value)}
              error={Boolean(erros.justificativaAlteracao)}
              helperText={erros.justificativaAlteracao}
              slotProps={{ htmlInput: { maxLength: TAMANHO_MAXIMO_JUSTIFICATIVA } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={aoFechar}>Cancelar</Button>
          <Button variant="contained" onClick={pedirConfirmacao}>
            Salvar
          </Button>
        </DialogActions>
      </Dialog>
      <DialogoConfirmacao
        aberto={confirmando}
        titulo="Salvar alterações do arquivo"
        rotuloConfirmar="Salvar"
        ocupado={alterar.isPending}
        aoConfirmar={salvar}
        aoCancelar={() => setConfirmando(false)}
      >
        Confirma as alterações em “{nomePeca(peca)}”? A justificativa fica registrada no histórico da peça.
      </DialogoConfirmacao>
    </>
  );
}
